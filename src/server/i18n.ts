import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import { overwriteServerAsyncLocalStorage } from '#i18n/runtime';
import { DEFAULT_LOCALE, intlLocaleOf, LOCALE_COOKIE, type Locale, resolveLocale } from '#shared/i18n/locale';

/**
 * The request's language on the server. Message functions (`#i18n/messages`) read it from
 * this AsyncLocalStorage, so a rule text or error thrown while handling a request is worded
 * in that request's language without passing the locale down every call.
 */
const requestLanguage = new AsyncLocalStorage<{ locale?: Locale }>();
overwriteServerAsyncLocalStorage(requestLanguage);

/** Runs `work` with every message worded in `locale` (mail to a member in hers, say). */
export function inLocale<T>(locale: Locale, work: () => T): T {
  return requestLanguage.run({ locale }, work);
}

/** The language messages are being worded in right now (English outside any request). */
export function currentLocale(): Locale {
  return requestLanguage.getStore()?.locale ?? DEFAULT_LOCALE;
}

/** The locale Intl should format dates and numbers with right now. */
export const currentIntlLocale = (): string => intlLocaleOf(currentLocale());

/** The language a request asks for before its session is known: the `locale` cookie, else Accept-Language. */
export function localeOfRequest(request: FastifyRequest, saved?: string | null): Locale {
  return resolveLocale({ saved, cookie: request.cookies[LOCALE_COOKIE], acceptLanguage: request.headers['accept-language'] });
}

/**
 * Fastify hook: the rest of the request (its hooks, routes and errors) runs in the language it
 * asks for. Procedures narrow it to the member's saved choice once her session is read.
 */
export function languageOfRequestHook(request: FastifyRequest, _reply: unknown, done: () => void): void {
  requestLanguage.run({ locale: localeOfRequest(request) }, done);
}
