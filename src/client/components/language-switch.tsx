import { useEffect, useState } from 'react';
import { getLocale } from '#i18n/runtime';
import { m } from '#i18n/messages';
import { directionOf, type Locale } from '#shared/i18n/locale';
import { carryDraftsOverReload } from '../lib/carried-draft';
import type { SessionUser } from '../lib/session';
import { trpcClient } from '../trpc';

/** The language a page offers to switch to: the other one. */
const otherLanguage = (): Locale => (getLocale() === 'ar-EG' ? 'en' : 'ar-EG');

/**
 * Top bar and footer: reads the site in the other language. The choice is saved (cookie, and
 * her account when signed in), then the page loads again so the server renders it in that language
 * from the first paint: nothing flips in place. A half-filled form that offers its draft gets it
 * back after the load. The label is in the language it names.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  const target = otherLanguage();
  const switchLanguage = async () => {
    setBusy(true);
    try {
      await trpcClient.auth.setLocale.mutate({ locale: target });
      carryDraftsOverReload();
      window.location.reload();
    } catch {
      setBusy(false);
    }
  };
  return (
    <button type="button" lang={target} dir={directionOf(target)} className={className} disabled={busy} onClick={() => void switchLanguage()}>
      {m.language_switch_to()}
    </button>
  );
}

/**
 * Her saved language wins over the page's: when the session says she chose another one (she
 * has just signed in, or chose it on another device), the page loads again, and the server
 * renders it in hers.
 */
export function useSavedLanguage(user: SessionUser | null): void {
  const saved = user?.locale;
  useEffect(() => {
    if (saved && saved !== getLocale()) window.location.reload();
  }, [saved]);
}
