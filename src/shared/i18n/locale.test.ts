import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, resolveLocale } from './locale';

describe('the page language', () => {
  it('reads Accept-Language by weight; any Arabic means the site Arabic', () => {
    expect(localeFromAcceptLanguage('ar-EG,ar;q=0.9,en;q=0.8')).toBe('ar-EG');
    expect(localeFromAcceptLanguage('ar-SA')).toBe('ar-EG');
    expect(localeFromAcceptLanguage('fr-FR,fr;q=0.9,ar;q=0.5,en;q=0.4')).toBe('ar-EG');
    expect(localeFromAcceptLanguage('en;q=0.9,ar;q=0.95')).toBe('ar-EG');
    expect(localeFromAcceptLanguage('fr, de;q=0.5')).toBe('en');
  });

  it('falls back to English on anything it cannot read', () => {
    for (const header of [undefined, '', '*', ';;;', 'ar;q=0', 'ar;q=abc', 'x'.repeat(5000)]) expect(localeFromAcceptLanguage(header)).toBe('en');
  });

  it('takes her saved choice first, then the cookie, then the browser; unknown values fall through', () => {
    expect(resolveLocale({ saved: 'en', cookie: 'ar-EG', acceptLanguage: 'ar' })).toBe('en');
    expect(resolveLocale({ saved: null, cookie: 'ar-EG', acceptLanguage: 'en' })).toBe('ar-EG');
    expect(resolveLocale({ saved: null, cookie: 'fr', acceptLanguage: 'ar' })).toBe('ar-EG');
    expect(resolveLocale({ saved: 'klingon', cookie: '<script>', acceptLanguage: 'de' })).toBe('en');
  });
});
