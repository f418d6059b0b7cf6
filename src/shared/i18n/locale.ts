/**
 * The site's two languages and the rules that pick one. The words themselves live in
 * messages/<area>/<locale>.json, compiled into typed functions (`#i18n/messages`).
 */
/** English, and Arabic as written in Egypt, where the members are (Arabic-Indic digits, Egyptian month names). */
export const LOCALES = ['en', 'ar-EG'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that keeps a visitor's choice (a member's is also saved on her account). */
export const LOCALE_COOKIE = 'locale';

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** Arabic reads right to left. */
export const directionOf = (locale: Locale): 'ltr' | 'rtl' => (locale === 'ar-EG' ? 'rtl' : 'ltr');

/** The locale Intl formats with: US English, and Egyptian Arabic. */
export const intlLocaleOf = (locale: Locale): string => (locale === 'ar-EG' ? 'ar-EG' : 'en-US');

/**
 * The first supported language of an Accept-Language header, by its q-weights; English when
 * none is supported or the header can't be read. `ar-EG`, `ar-SA` and `ar` all mean the site's Arabic.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      // A weight that isn't a number (q=abc) makes the entry unreadable: it is skipped.
      const q = params.find((param) => /^\s*q=/.test(param))?.split('=')[1]?.trim();
      return { language: tag.trim().toLowerCase().split('-')[0], weight: q === undefined ? 1 : q === '' ? Number.NaN : Number(q), index };
    })
    .filter((entry) => entry.weight > 0 && !Number.isNaN(entry.weight))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === entry.language)).find(isLocale) ?? DEFAULT_LOCALE;
}

/**
 * The page's language, in this order: the member's saved choice, the `locale` cookie, the
 * browser's Accept-Language. Anything unknown falls through to the next, and finally English.
 */
export function resolveLocale(sources: { saved?: string | null; cookie?: string | undefined; acceptLanguage?: string | undefined }): Locale {
  if (isLocale(sources.saved)) return sources.saved;
  if (isLocale(sources.cookie)) return sources.cookie;
  return localeFromAcceptLanguage(sources.acceptLanguage);
}
