import { createRootRouteWithContext, Link, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LoadingView } from '../components/loading-view';
import { NotFound } from '../components/not-found';
import { LanguageSwitch, useSavedLanguage } from '../components/language-switch';
import { TopNav } from '../components/top-nav';
import { m } from '#i18n/messages';
import { DEFAULT_SITE_NAME } from '#shared/site';
import { useSession } from '../lib/session';
import type { RouterContext } from '../router';
import { Landing } from './-components/screens';

// Toasts are raised from anywhere at any time; their UI loads just after first paint.
const Toaster = lazy(() => import('../components/ui/toaster').then((module) => ({ default: module.Toaster })));
// The tab's title follows her from page to page once the app runs.
const PageTitleSync = lazy(() => import('../components/page-title-sync').then((module) => ({ default: module.PageTitleSync })));
// Only a suspended member ever sees it, so it is not in every page's code.
const SuspensionBanner = lazy(() => import('../components/suspension-banner').then((module) => ({ default: module.SuspensionBanner })));

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundOrLanding,
});

/** Sign-in and application forms and the admin panel have no site navigation. */
const isBarePath = (pathname: string) => ['/login', '/signup'].includes(pathname) || pathname === '/admin' || pathname.startsWith('/admin/');

function RootLayout() {
  const { user, isLoading } = useSession();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useSavedLanguage(user);
  if (isLoading) return <LoadingView />;
  const bare = isBarePath(pathname);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {m.common_skip_to_content()}
      </a>
      {bare ? null : <TopNav user={user} />}
      {user?.suspension && !bare ? (
        <Suspense fallback={null}>
          <SuspensionBanner suspension={user.suspension} />
        </Suspense>
      ) : null}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      {bare ? null : (
        <footer className="mt-16 border-t border-border py-8 text-center text-sm text-muted-foreground">
          <p>
            © {new Date().getFullYear()} {DEFAULT_SITE_NAME}. {m.footer_tagline()}
          </p>
          <p className="mt-3 flex flex-wrap items-center justify-center gap-x-6 gap-y-2">
            <Link to="/guidelines" className="font-semibold text-primary underline-offset-4 hover:underline">
              {m.footer_guidelines()}
            </Link>
            <LanguageSwitch className="font-semibold text-primary underline-offset-4 hover:underline" />
          </p>
        </footer>
      )}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <Suspense fallback={null}>
        <PageTitleSync />
      </Suspense>
    </div>
  );
}

/** Unknown paths: the 404 for signed-in users, the public landing view for visitors. */
function NotFoundOrLanding() {
  const { user } = useSession();
  if (user) return <NotFound forAdmin={user.isAdmin} />;
  return (
    <Suspense fallback={<LoadingView />}>
      <Landing />
    </Suspense>
  );
}
