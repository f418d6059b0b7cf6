/**
 * The site's two languages and the rules that pick one. The words themselves live in
 * messages/<area>/<locale>.json, compiled into typed functions (`#i18n/messages`).
 */
export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that keeps a visitor's choice (a member's is also saved on her account). */
export const LOCALE_COOKIE = 'locale';

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** Arabic reads right to left. */
export const directionOf = (locale: Locale): 'ltr' | 'rtl' => (locale === 'ar' ? 'rtl' : 'ltr');

/**
 * The locale Intl formats with: US English, and Egyptian Arabic (Arabic-Indic digits,
 * Egyptian month names), where the site's members are.
 */
export const intlLocaleOf = (locale: Locale): string => (locale === 'ar' ? 'ar-EG' : 'en-US');

/**
 * The first supported language of an Accept-Language header, by its q-weights; English when
 * none is supported or the header can't be read. `ar-EG`, `ar-SA` and `ar` all mean Arabic.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0], weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.weight > 0 && !Number.isNaN(entry.weight))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLocale) ?? DEFAULT_LOCALE;
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
