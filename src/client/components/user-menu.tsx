import { getLocale } from '#i18n/runtime';
import { useNavigate } from '@tanstack/react-router';
import { Bell, LayoutDashboard, LogOut, Mail, ShieldCheck, UserRound } from 'lucide-react';
import { m } from '#i18n/messages';
import { isStaffUser, signOut, type SessionUser } from '../lib/session';
import { initials } from '../lib/utils';
import { directionOf } from '#shared/i18n/locale';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from './ui/dropdown-menu';

function Avatar({ user }: { user: SessionUser }) {
  if (user.profileImageUrl) {
    return <img src={user.profileImageUrl} alt="" className="size-9 rounded-full object-cover" />;
  }
  return (
    <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-full bg-secondary text-sm font-bold text-secondary-foreground">
      {initials(user)}
    </span>
  );
}

/** The top bar's avatar and name, with Profile Settings, Newsletter Settings, Notification Settings, Reports and blocks, the admin panel (admins), and Sign Out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const fullName = `${user.firstName} ${user.lastName}`;
  return (
    // Radix menus don't read the page's direction: told it, the menu reads right to left in Arabic (items, arrow keys).
    <DropdownMenu dir={directionOf(getLocale())}>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label={`${m.nav_user_menu()}: ${fullName}`}
          className="flex cursor-pointer items-center gap-2 rounded-full p-1 pe-3 hover:bg-muted max-[379px]:pe-1"
        >
          <Avatar user={user} />
          {/* The narrowest phones show her initials alone: the bar has the bell beside them too. */}
          <span dir="auto" className="max-w-32 truncate text-sm font-semibold max-[379px]:hidden" data-testid="user-name">
            {user.firstName}
          </span>
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          {/* Her name and email keep their own direction inline, and the menu's alignment. */}
          <span className="block font-semibold">
            <span dir="auto">{fullName}</span>
          </span>
          <span className="block truncate text-xs text-muted-foreground">
            <span dir="auto">{user.email}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate({ to: '/settings/profile' })}>
          <UserRound aria-hidden="true" /> {m.nav_profile_settings()}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate({ to: '/settings/newsletter' })}>
          <Mail aria-hidden="true" /> {m.nav_newsletter_settings()}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate({ to: '/settings/notifications' })}>
          <Bell aria-hidden="true" /> {m.notification_settings_title()}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate({ to: '/settings/safety' })}>
          <ShieldCheck aria-hidden="true" /> {m.safety_page_title()}
        </DropdownMenuItem>
        {isStaffUser(user) ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => void navigate({ to: '/admin' })}>
              <LayoutDashboard aria-hidden="true" /> {m.nav_admin_panel()}
            </DropdownMenuItem>
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut({ admin: isStaffUser(user) })}>
          <LogOut aria-hidden="true" /> {m.nav_sign_out()}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
