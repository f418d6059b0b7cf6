import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { ExternalLink, LogOut, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { getLocale } from '#i18n/runtime';
import { directionOf } from '#shared/i18n/locale';
import { messages } from '#shared/messages';
import { LanguageSwitch } from '#client/components/language-switch';
import { LogoMark } from '#client/components/logo';
import { Button, buttonVariants } from '#client/components/ui/button';
import { showCarriedToast } from '#client/components/ui/carried-toast';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs';
import { toast } from '#client/components/ui/toast';
import { m } from '#i18n/messages';
import { DEFAULT_SITE_NAME } from '#shared/site';
import { loadSession, signOut, useSession } from '#client/lib/session';
import { useReloginOnExpiredSession } from './-components/admin-kit';
import { AdminsTab } from './-components/admins-tab';
import { AuditTab } from './-components/audit-tab';
import { BlogsTab } from './-components/blogs-tab';
import { DirectoryTab } from './-components/directory-tab';
import { EventsTab } from './-components/events-tab';
import { ForumTab } from './-components/forum-tab';
import { MailTab } from './-components/mail-tab';
import { MembersTab } from './-components/members-tab';
import { WaitingCount } from './-components/moderation-kit';
import { NewsletterTab } from './-components/newsletter-tab';
import { OverviewTab, type WaitingTab } from './-components/overview-tab';
import { PendingUsersTab } from './-components/pending-users-tab';
import { PlacesTab } from './-components/places-tab';
import { PodcastsTab } from './-components/podcasts-tab';
import { ReportsTab } from './-components/reports-tab';
import { ReviewTab } from './-components/review-tab';
import { DEFAULT_ADMIN_TAB, TAB_PERMISSIONS, tabsFor, validateAdminSearch, type AdminTab } from './-components/tab-keys';
import type { StaffPermission } from '#shared/roles';
import { UsersTab } from './-components/users-tab';
import { WatchedWordsTab } from './-components/watched-words-tab';

const adminPanelTabs = {
  pending: m.admin_tab_pending,
  users: m.admin_tab_users,
  admins: m.admin_tab_admins,
  podcasts: m.admin_tab_podcasts,
  directory: m.admin_tab_directory,
  events: m.admin_tab_events,
  blogs: m.admin_tab_blogs,
  forum: m.admin_tab_forum,
  places: m.admin_tab_places,
  newsletter: m.admin_tab_newsletter,
  reports: m.admin_tab_reports,
  review: m.admin_tab_review,
  watchedWords: m.admin_tab_watched_words,
  members: m.admin_tab_members,
  audit: m.admin_tab_audit,
  mail: m.admin_tab_mail,
};

/** Access-denied redirect delay: 2 seconds. */
const ACCESS_DENIED_REDIRECT_MS = 2000;

export const Route = createFileRoute('/admin/')({
  validateSearch: validateAdminSearch,
  // A guard for the browser only; every admin call is refused by the server as well.
  beforeLoad: async ({ context }) => {
    const user = await loadSession(context);
    if (!user) throw redirect({ to: '/admin/login' });
    // STAFF_MFA=required: the server answers no staff call until she has a second factor.
    if (user.mustSetUpSecondFactor) throw redirect({ to: '/settings/profile', hash: 'two-factor' });
  },
  component: AdminPage,
});

/** The props a tab may take: only the Overview uses them, its cards opening the tab where work waits. */
type TabComponent = ComponentType<{ onOpenTab: (tab: WaitingTab) => void }>;

const TABS: Record<AdminTab, TabComponent> = {
  overview: OverviewTab,
  pending: PendingUsersTab,
  users: UsersTab,
  admins: AdminsTab,
  podcasts: PodcastsTab,
  directory: DirectoryTab,
  events: EventsTab,
  blogs: BlogsTab,
  forum: ForumTab,
  places: PlacesTab,
  newsletter: NewsletterTab,
  reports: ReportsTab,
  review: ReviewTab,
  watchedWords: WatchedWordsTab,
  members: MembersTab,
  audit: AuditTab,
  mail: MailTab,
};

/** A tab's name, read as it renders (in the page's language); the Overview's is its own message. */
const tabLabel = (key: AdminTab): string => (key === 'overview' ? m.admin_overview_tab() : adminPanelTabs[key]());

/** A number shown on a tab's trigger, only where admins' work waits (none at 0). */
const TAB_COUNTS: Partial<Record<AdminTab, () => ReactNode>> = {
  pending: () => <WaitingCount of="applications" />,
  reports: () => <WaitingCount of="reports" />,
  review: () => <WaitingCount of="review" />,
};

function AdminPage() {
  const { user } = useSession();
  const navigate = useNavigate();

  // The session can end while the panel is open (expiry, sign-out elsewhere).
  useEffect(() => {
    if (!user) void navigate({ to: '/admin/login' });
  }, [user, navigate]);

  if (!user) return null;
  const tabs = tabsFor(user.permissions);
  if (tabs.length === 0) return <AccessDenied />;
  return <AdminPanel name={`${user.firstName} ${user.lastName}`} tabs={tabs} permissions={user.permissions} secondFactor={user.secondFactor} />;
}

function AccessDenied() {
  const navigate = useNavigate();
  useEffect(() => {
    toast({ title: messages.access.accessDeniedTitle, description: messages.access.adminRequired, variant: 'destructive' });
    const timer = setTimeout(() => void navigate({ to: '/' }), ACCESS_DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-3 px-4 py-24 text-center">
      <ShieldAlert className="size-10 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">{messages.access.accessDeniedTitle}</h1>
      <p className="text-muted-foreground">{messages.access.adminRequired}</p>
      <p className="text-sm text-muted-foreground">{m.admin_access_denied_redirect()}</p>
    </div>
  );
}

/**
 * Staff without a second factor: what it protects, and where to turn it on. At the top of the
 * open tab rather than above the tab row, so on a phone the tabs stay in the first screen.
 */
function SecondFactorPrompt() {
  return (
    <aside aria-labelledby="second-factor-prompt" className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <div className="flex min-w-0 flex-1 basis-72 gap-3">
        <ShieldCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 id="second-factor-prompt" className="font-semibold">
            {m.security_staff_prompt_title()}
          </h2>
          <p className="text-sm">{m.security_staff_prompt_body()}</p>
        </div>
      </div>
      <Button asChild size="sm">
        <Link to="/settings/profile" hash="two-factor">
          {m.security_staff_prompt_action()}
        </Link>
      </Button>
    </aside>
  );
}

function OpenTab({ tab, onOpenTab }: { tab: AdminTab; onOpenTab: (tab: WaitingTab) => void }) {
  const Component = TABS[tab];
  return <Component onOpenTab={onOpenTab} />;
}

/** A tab her role doesn't open, reached by its address: the server's refusal, in the panel. */
function TabRefused() {
  return (
    <div role="alert" className="mx-auto mt-8 grid max-w-md justify-items-center gap-3 text-center">
      <ShieldAlert className="size-10 text-destructive" aria-hidden="true" />
      <h2 className="text-xl font-semibold">{messages.access.accessDeniedTitle}</h2>
      <p className="text-muted-foreground">{messages.access.adminRequired}</p>
    </div>
  );
}

/** `tabs`: the ones her role's permissions open, in order; the first is where her panel opens. */
function AdminPanel({ name, tabs, permissions, secondFactor }: { name: string; tabs: AdminTab[]; permissions: readonly StaffPermission[]; secondFactor: boolean }) {
  const firstTab = tabs[0]!;
  const tab = Route.useSearch({ select: (search) => search.tab ?? firstTab });
  const navigate = Route.useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  const tabList = useRef<HTMLDivElement>(null);
  const secondFactorPrompt = secondFactor ? null : <SecondFactorPrompt />;
  /** The tab whose trigger takes her focus once it is open (an Overview card she pressed goes away with the Overview). */
  const focusOnOpen = useRef<AdminTab | null>(null);
  // Each tab is a place of its own: switching adds a history entry, so Back returns to the tab before.
  const showTab = (key: AdminTab) => void navigate({ search: key === firstTab && key === DEFAULT_ADMIN_TAB ? {} : { tab: key }, resetScroll: false });
  const openTab = (key: AdminTab) => {
    focusOnOpen.current = key;
    showTab(key);
  };
  useEffect(() => {
    const list = tabList.current;
    const trigger = list?.querySelector<HTMLElement>(`[data-tab="${tab}"]`);
    if (!list || !trigger) return;
    if (focusOnOpen.current === tab) {
      focusOnOpen.current = null;
      trigger.focus({ preventScroll: true });
    }
    // On a phone the tabs are one scrolling row: the open one is kept in view, brought to the
    // middle, also when the counts that arrive later widen the tabs before it.
    const keepInView = () => {
      const row = list.getBoundingClientRect();
      const box = trigger.getBoundingClientRect();
      if (box.left >= row.left && box.right <= row.right) return;
      list.scrollLeft += box.left - row.left - (row.width - box.width) / 2;
    };
    const resized = new ResizeObserver(keepInView);
    for (const each of list.children) resized.observe(each);
    return () => resized.disconnect();
  }, [tab]);
  // 'Login Successful' is raised on the sign-in page just before the full page load that brings her here.
  useEffect(showCarriedToast, []);
  useReloginOnExpiredSession();
  return (
    <div className="min-h-dvh">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div className="flex items-center gap-3">
            <LogoMark />
            <span className="font-semibold">{DEFAULT_SITE_NAME}</span>
            <span className="hidden text-sm text-muted-foreground sm:inline">{name}</span>
          </div>
          {/* Narrower on a phone, so the three stay on one row below the name. */}
          <div className="flex flex-wrap items-center gap-1 sm:gap-2">
            <Button asChild variant="ghost" size="sm" className="max-sm:px-2">
              <Link to="/">
                <ExternalLink aria-hidden="true" className="rtl:-scale-x-100" />
                {m.admin_view_site()}
              </Link>
            </Button>
            <LanguageSwitch className={`${buttonVariants({ variant: 'ghost', size: 'sm' })} max-sm:px-2`} />
            <Button
              variant="outline"
              size="sm"
              className="max-sm:px-2.5"
              disabled={loggingOut}
              onClick={() => {
                setLoggingOut(true);
                void signOut({ admin: true });
              }}
            >
              <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
              {m.admin_logout()}
            </Button>
          </div>
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        <h1 className="text-2xl font-semibold sm:text-3xl">{m.admin_title()}</h1>
        {/* A moderator's panel holds no applications, content or accounts: her subtitle says what it holds. */}
        <p className="mt-1 text-muted-foreground">{permissions.includes('manage:applications') ? m.admin_subtitle() : m.admin_subtitle_moderator()}</p>
        {/* Activated with Enter or Space, not by the arrow keys alone: each switch is a history entry. */}
        {/* Radix lays tabs out left to right unless told the page's direction. */}
        <Tabs value={tab} onValueChange={(value) => showTab(value as AdminTab)} activationMode="manual" dir={directionOf(getLocale())} className="mt-6">
          {/* Relative, so the badges' screen-reader text (absolutely placed) stays inside the scrolling row. */}
          <TabsList
            ref={tabList}
            aria-label={m.admin_tabs_label()}
            className="relative -mx-4 flex w-[calc(100%+2rem)] flex-nowrap justify-start overflow-x-auto rounded-none px-4 [scrollbar-width:thin] sm:mx-0 sm:w-full sm:rounded-2xl sm:px-1 md:flex-wrap"
          >
            {tabs.map((key) => {
              const Count = TAB_COUNTS[key];
              return (
                <TabsTrigger key={key} value={key} data-tab={key} className="shrink-0 whitespace-nowrap">
                  {tabLabel(key)}
                  {Count ? <Count /> : null}
                </TabsTrigger>
              );
            })}
          </TabsList>
          {tabs.map((key) => {
            const Component = TABS[key];
            return (
              <TabsContent key={key} value={key}>
                {secondFactorPrompt}
                <Component onOpenTab={openTab} />
              </TabsContent>
            );
          })}
          {/* A tab reached by its address but not listed: refused, or (Members, for an admin) shown in full elsewhere yet hers to open. */}
          {tabs.includes(tab) ? null : (
            <TabsContent value={tab}>
              {secondFactorPrompt}
              {permissions.includes(TAB_PERMISSIONS[tab]) ? <OpenTab tab={tab} onOpenTab={openTab} /> : <TabRefused />}
            </TabsContent>
          )}
        </Tabs>
      </div>
    </div>
  );
}
