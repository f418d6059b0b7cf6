import { startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { overwriteGetLocale } from '#i18n/runtime';
import { App } from './app';
import { seedQueriesFromPage } from './lib/page-data';
import { startWithPageSession } from './lib/session';
import { createAppRouter } from './router';
import { queryClient, trpc } from './trpc';
import './styles.css';

const container = document.getElementById('root')!;

// A built page's language is fixed by its build (vite.config.ts); in development the server's
// `<html lang>` says which one it is.
if (import.meta.env.DEV) overwriteGetLocale(() => (document.documentElement.lang === 'ar-EG' ? 'ar-EG' : 'en'));

/** Lets the browser paint and handle input before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Once React has the page, nothing is inert any more, and the session is checked again. */
function TakeOver({ children, onTakenOver }: { children: ReactNode; onTakenOver: () => void }) {
  useEffect(() => {
    container.removeAttribute('inert');
    // React hydrates the parts of the page inside Suspense boundaries after this first commit:
    // the session waits until all of them are in, when the browser is idle.
    if ('requestIdleCallback' in window) requestIdleCallback(onTakenOver, { timeout: 2000 });
    else setTimeout(onTakenOver, 500);
  }, [onTakenOver]);
  return children;
}

/**
 * Server-rendered markup that differs from the browser's render (a time shown in another time
 * zone, say) is rendered again by React; that is worth a warning, not an error.
 */
function reportMismatch(error: unknown) {
  console.warn('Hydration mismatch: the page was rendered again in the browser.', error);
}

// The server rendered the page (inert until React has it, so no click or keystroke is lost).
// The first screen's code and data are ready before React starts, so React hydrates the
// server-rendered markup as it is instead of rendering it again. As a transition, that work runs
// in short slices that leave the phone free to scroll. Pages sent without SSR are rendered from
// scratch.
// Each step before that runs in a task of its own, so that none holds the phone for long.
async function start() {
  seedQueriesFromPage(queryClient);
  const firstScreenIsUp = startWithPageSession();
  await nextTask();
  const router = createAppRouter({ queryClient, trpc });
  await nextTask();
  try {
    await router.load();
  } finally {
    await nextTask();
    // Imported here, not up top, so the landing page's own code stays small: the screens
    // bring the class merger, and by now the screen's code has loaded it.
    await import('./lib/utils').then((utils) => utils.prepareClassMerging(), () => undefined);
    await nextTask();
    const app = (
      <TakeOver onTakenOver={firstScreenIsUp}>
        <App router={router} queryClient={queryClient} />
      </TakeOver>
    );
    startTransition(() => {
      if (container.hasChildNodes()) hydrateRoot(container, app, { onRecoverableError: reportMismatch });
      else createRoot(container).render(app);
    });
  }
}

void start();
