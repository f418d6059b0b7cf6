import { Link } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { copy, siteName } from '../copy';
import type { SessionUser } from '../lib/session';
import { cn } from '../lib/utils';
import { LogoMark } from './logo';
import { Button } from './ui/button';

// The account menu (dropdown and dialog) is only for signed-in users: visitors never load it.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

/** SPEC.md §2: Home matches the path exactly; the others match by path prefix. */
const NAV_ITEMS = [
  { to: '/', label: copy.nav.home, exact: true },
  { to: '/podcasts', label: copy.nav.podcasts, exact: false },
  { to: '/blog', label: copy.nav.blog, exact: false },
  { to: '/directory', label: copy.nav.directory, exact: false },
  { to: '/community-hub', label: copy.nav.communityHub, exact: false },
  { to: '/events', label: copy.nav.events, exact: false },
] as const;

const linkClasses = 'rounded-full px-3.5 py-2 text-sm font-semibold text-muted-foreground transition-colors hover:bg-muted hover:text-foreground';
const activeClasses = 'bg-secondary text-secondary-foreground hover:bg-secondary hover:text-secondary-foreground';

function NavLinks({ onNavigate, className }: { onNavigate?: () => void; className?: string }) {
  return (
    <ul className={className}>
      {NAV_ITEMS.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            activeOptions={{ exact: item.exact }}
            className={cn(linkClasses, 'block')}
            activeProps={{ className: activeClasses, 'aria-current': 'page' }}
            onClick={onNavigate}
          >
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function TopNav({ user }: { user: SessionUser | null }) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
      <nav aria-label={copy.nav.mainNavigation} className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link to="/" className="flex items-center gap-2 rounded-full pe-2 font-display text-lg font-semibold text-foreground">
          <LogoMark className="size-8" />
          <span>{siteName}</span>
        </Link>
        <NavLinks className="ms-4 hidden items-center gap-1 lg:flex" />
        <div className="ms-auto flex items-center gap-2">
          {user ? (
            <Suspense fallback={<span className="size-9 rounded-full bg-muted" aria-hidden="true" />}>
              <UserMenu user={user} />
            </Suspense>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to="/login">{copy.nav.signIn}</Link>
              </Button>
              <Button asChild size="sm" className="hidden sm:inline-flex">
                <Link to="/signup">{copy.nav.join}</Link>
              </Button>
            </>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label={menuOpen ? copy.nav.closeMenu : copy.nav.openMenu}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </nav>
      {menuOpen ? (
        <div id="mobile-menu" className="border-t border-border bg-background px-4 pb-4 pt-2 lg:hidden">
          <NavLinks className="flex flex-col gap-1" onNavigate={() => setMenuOpen(false)} />
        </div>
      ) : null}
    </header>
  );
}
