import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { m } from '#i18n/messages';
import { DEFAULT_SITE_NAME } from '#shared/site';
import type { SessionUser } from '../lib/session';
import { LanguageSwitch } from './language-switch';
import { LogoMark } from './logo';
import { buttonVariants } from './ui/button-variants';

// The account menu (dropdown and dialog) is only for signed-in users: visitors never load it.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));
// The bell, its list and its live count are members' too: a chunk of their own, never a visitor's.
const NotificationBell = lazy(() => import('./notification-bell').then((module) => ({ default: module.NotificationBell })));

/** The menu toggle's two icons, drawn inline: the shell loads before the icon library. */
function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      {open ? <path d="M18 6 6 18M6 6l12 12" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
    </svg>
  );
}

/**
 * Home matches the path exactly; the others match their path and the paths under it. The
 * Community Hub is also the entry of the community area's pages (/community/...).
 */
const NAV_ITEMS = [
  { to: '/', label: () => m.nav_home(), exact: true },
  { to: '/podcasts', label: () => m.nav_podcasts() },
  { to: '/blog', label: () => m.nav_blog() },
  { to: '/directory', label: () => m.nav_directory() },
  { to: '/community-hub', label: () => m.nav_community_hub(), area: '/community' },
  { to: '/events', label: () => m.nav_events() },
] as const;

type NavItem = (typeof NAV_ITEMS)[number];

const within = (path: string, section: string) => path === section || path.startsWith(`${section}/`);

/** Whether the menu entry is the current one for this path. */
function isCurrent(item: NavItem, path: string): boolean {
  if ('exact' in item) return path === item.to;
  return within(path, item.to) || ('area' in item && within(path, item.area));
}

const linkClasses = 'rounded-full px-3.5 py-2 text-sm font-semibold text-muted-foreground transition-colors hover:bg-muted hover:text-foreground';
const activeClasses = 'bg-secondary text-secondary-foreground hover:bg-secondary hover:text-secondary-foreground';

function NavLinks({ onNavigate, className }: { onNavigate?: () => void; className?: string }) {
  const path = useRouterState({ select: (state) => state.location.pathname });
  return (
    <ul className={className}>
      {NAV_ITEMS.map((item) => {
        const current = isCurrent(item, path);
        return (
          <li key={item.to}>
            {/* The router's own match (exact, so '/' isn't current everywhere) never disagrees with isCurrent. */}
            <Link
              to={item.to}
              activeOptions={{ exact: true, includeSearch: false }}
              className={`${linkClasses} block ${current ? activeClasses : ''}`}
              aria-current={current ? 'page' : undefined}
              onClick={onNavigate}
            >
              {item.label()}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function TopNav({ user }: { user: SessionUser | null }) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    // Opaque, not blurred (styles.css: no backdrop-filter).
    <header className="sticky top-0 z-40 border-b border-border bg-background">
      <nav aria-label={m.nav_main_navigation()} className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link to="/" className="flex items-center gap-2 rounded-full pe-2 font-display text-lg font-semibold text-foreground">
          <LogoMark className="size-8" />
          <span className="whitespace-nowrap">{DEFAULT_SITE_NAME}</span>
        </Link>
        <NavLinks className="ms-4 hidden items-center gap-1 lg:flex" />
        <div className="ms-auto flex items-center gap-2">
          {/* On a phone the bar has no room for it: it is in the menu and the footer there. */}
          <LanguageSwitch className={`${buttonVariants({ variant: 'ghost', size: 'sm' })} max-sm:hidden`} />
          {user ? (
            <>
              <Suspense fallback={<span className="size-10 rounded-full" aria-hidden="true" />}>
                <NotificationBell />
              </Suspense>
              <Suspense fallback={<span className="size-9 rounded-full bg-muted" aria-hidden="true" />}>
                <UserMenu user={user} />
              </Suspense>
            </>
          ) : (
            <>
              <Link to="/login" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
                {m.nav_sign_in()}
              </Link>
              <Link to="/signup" className={`${buttonVariants({ size: 'sm' })} max-sm:hidden`}>
                {m.nav_join()}
              </Link>
            </>
          )}
          <button
            type="button"
            className={`${buttonVariants({ variant: 'ghost', size: 'icon' })} lg:hidden`}
            aria-label={menuOpen ? m.nav_close_menu() : m.nav_open_menu()}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon open={menuOpen} />
          </button>
        </div>
      </nav>
      {menuOpen ? (
        <div id="mobile-menu" className="border-t border-border bg-background px-4 pb-4 pt-2 lg:hidden">
          <NavLinks className="flex flex-col gap-1" onNavigate={() => setMenuOpen(false)} />
          <LanguageSwitch className={`${linkClasses} mt-1 block w-full text-start sm:hidden`} />
        </div>
      ) : null}
    </header>
  );
}
