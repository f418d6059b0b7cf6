import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { LogOut, ShieldAlert } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { messages } from '../../../shared/messages';
import { LogoMark } from '../../components/logo';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/toast';
import { siteName } from '../../copy';
import { adminPanelCopy } from '../../copy/admin';
import { loadSession, signOut, useSession } from '../../lib/session';
import { useReloginOnExpiredSession } from './-components/admin-kit';
import { AdminsTab } from './-components/admins-tab';
import { AuditTab } from './-components/audit-tab';
import { BlogsTab } from './-components/blogs-tab';
import { DirectoryTab } from './-components/directory-tab';
import { EventsTab } from './-components/events-tab';
import { ForumTab } from './-components/forum-tab';
import { MailTab } from './-components/mail-tab';
import { WaitingCount } from './-components/moderation-kit';
import { NewsletterTab } from './-components/newsletter-tab';
import { OverviewTab, type WaitingTab } from './-components/overview-tab';
import { PendingUsersTab } from './-components/pending-users-tab';
import { PlacesTab } from './-components/places-tab';
import { PodcastsTab } from './-components/podcasts-tab';
import { ReportsTab } from './-components/reports-tab';
import { ReviewTab } from './-components/review-tab';
import { UsersTab } from './-components/users-tab';
import { WatchedWordsCount, WatchedWordsTab } from './-components/watched-words-tab';

const t = adminPanelCopy;

/** Access-denied redirect delay: 2 seconds. */
const ACCESS_DENIED_REDIRECT_MS = 2000;

export const Route = createFileRoute('/admin/')({
  // A guard for the browser only; every admin call is refused by the server as well.
  beforeLoad: async ({ context }) => {
    const user = await loadSession(context);
    if (!user) throw redirect({ to: '/admin/login' });
  },
  component: AdminPage,
});

const TABS = [
  ['overview', OverviewTab],
  ['pending', PendingUsersTab],
  ['users', UsersTab],
  ['admins', AdminsTab],
  ['podcasts', PodcastsTab],
  ['directory', DirectoryTab],
  ['events', EventsTab],
  ['blogs', BlogsTab],
  ['forum', ForumTab],
  ['places', PlacesTab],
  ['newsletter', NewsletterTab],
  ['reports', ReportsTab],
  ['review', ReviewTab],
  ['watchedWords', WatchedWordsTab],
  ['audit', AuditTab],
  ['mail', MailTab],
] as const;

/**
 * Every tab's name; the Overview's sits in its own copy block. Tab keys are typed inline, never by a
 * top-level `type ... = typeof TABS`: the router's code splitter would then keep every tab in the
 * route's unsplit part, which the landing page loads.
 */
const TAB_LABELS: Record<(typeof TABS)[number][0], string> = { overview: t.overview.tab, ...t.tabs };

/** The props a tab may take: only the Overview uses them, its cards opening the tab where work waits. */
type TabComponent = ComponentType<{ onOpenTab: (tab: WaitingTab) => void }>;

/** A number shown on a tab's trigger: where moderators' work waits, how many words are watched. */
const TAB_COUNTS: Partial<Record<(typeof TABS)[number][0], () => ReactNode>> = {
  reports: () => <WaitingCount of="reports" />,
  review: () => <WaitingCount of="review" />,
  watchedWords: WatchedWordsCount,
};

function AdminPage() {
  const { user } = useSession();
  const navigate = useNavigate();

  // The session can end while the panel is open (expiry, sign-out elsewhere).
  useEffect(() => {
    if (!user) void navigate({ to: '/admin/login' });
  }, [user, navigate]);

  if (!user) return null;
  if (!user.isAdmin) return <AccessDenied />;
  return <AdminPanel name={`${user.firstName} ${user.lastName}`} />;
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
      <p className="text-sm text-muted-foreground">{t.accessDeniedRedirect}</p>
    </div>
  );
}

function AdminPanel({ name }: { name: string }) {
  const [tab, setTab] = useState<(typeof TABS)[number][0]>('overview');
  const [loggingOut, setLoggingOut] = useState(false);
  const tabList = useRef<HTMLDivElement>(null);
  // The card she pressed goes away with the Overview: her focus moves to the opened tab's trigger.
  const openTab = (key: typeof tab) => {
    flushSync(() => setTab(key));
    tabList.current?.querySelector<HTMLElement>(`[data-tab="${key}"]`)?.focus();
  };
  useReloginOnExpiredSession();
  return (
    <div className="min-h-dvh">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div className="flex items-center gap-3">
            <LogoMark />
            <span className="font-semibold">{siteName}</span>
            <span className="hidden text-sm text-muted-foreground sm:inline">{name}</span>
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={loggingOut}
            onClick={() => {
              setLoggingOut(true);
              void signOut({ admin: true });
            }}
          >
            <LogOut aria-hidden="true" />
            {t.logout}
          </Button>
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-semibold">{t.title}</h1>
        <p className="mt-1 text-muted-foreground">{t.subtitle}</p>
        <Tabs value={tab} onValueChange={(value) => setTab(value as typeof tab)} className="mt-6">
          <TabsList ref={tabList} aria-label={t.tabsLabel} className="w-full justify-start overflow-x-auto">
            {TABS.map(([key]) => {
              const Count = TAB_COUNTS[key];
              return (
                <TabsTrigger key={key} value={key} data-tab={key}>
                  {TAB_LABELS[key]}
                  {Count ? <Count /> : null}
                </TabsTrigger>
              );
            })}
          </TabsList>
          {TABS.map(([key, Component]: readonly [typeof tab, TabComponent]) => (
            <TabsContent key={key} value={key}>
              <Component onOpenTab={openTab} />
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </div>
  );
}
