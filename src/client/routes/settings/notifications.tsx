import { useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Bell } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { NOTIFICATION_KINDS, NOTIFICATION_MAIL, STAFF_NOTIFICATION_KINDS, type NotificationKind, type NotificationMail, type NotificationPreference } from '#shared/notifications';
import { Button } from '#client/components/ui/button';
import { Label } from '#client/components/ui/label';
import { NativeSelect } from '#client/components/ui/native-select';
import { Skeleton } from '#client/components/ui/skeleton';
import { toast } from '#client/components/ui/toast';
import { m } from '#i18n/messages';
import { errorMessage } from '#client/lib/errors';
import { useSession } from '#client/lib/session';
import { queryClient, trpc } from '#client/trpc';
import { SignInNotice } from '../community/-components/sign-in-notice';
import { FormNotice, LoadFailed, SectionTitle, SettingsPage } from './-components/account-kit';
import { Switch } from './-components/switch';

// The address mails link to (the notification mails' footer): keep it.
export const Route = createFileRoute('/settings/notifications')({
  loader: ({ context }) => {
    // Members only: a visitor's page is the sign-in prompt and asks for nothing.
    if (!context.queryClient.getQueryData(context.trpc.auth.session.queryKey())) return;
    void context.queryClient.prefetchQuery(context.trpc.content.notifications.preferences.queryOptions());
  },
  component: NotificationSettingsPage,
});

type Preferences = Partial<Record<NotificationKind, NotificationPreference>>;

/** Each kind's name and what sets it off, in her language. */
const KINDS: Record<NotificationKind, { name: () => string; about: () => string }> = {
  reply: { name: () => m.notification_settings_reply(), about: () => m.notification_settings_reply_about() },
  mention: { name: () => m.notification_settings_mention(), about: () => m.notification_settings_mention_about() },
  held_approved: { name: () => m.notification_settings_held_approved(), about: () => m.notification_settings_held_approved_about() },
  held_rejected: { name: () => m.notification_settings_held_rejected(), about: () => m.notification_settings_held_rejected_about() },
  waitlist_promoted: { name: () => m.notification_settings_waitlist_promoted(), about: () => m.notification_settings_waitlist_promoted_about() },
  event_reminder: { name: () => m.notification_settings_event_reminder(), about: () => m.notification_settings_event_reminder_about() },
  event_changed: { name: () => m.notification_settings_event_changed(), about: () => m.notification_settings_event_changed_about() },
  report_resolved: { name: () => m.notification_settings_report_resolved(), about: () => m.notification_settings_report_resolved_about() },
  report_new: { name: () => m.notification_settings_report_new(), about: () => m.notification_settings_report_new_about() },
  review_waiting: { name: () => m.notification_settings_review_waiting(), about: () => m.notification_settings_review_waiting_about() },
};

const MAIL_CHOICES: Record<NotificationMail, () => string> = {
  off: () => m.notification_settings_mail_off(),
  instant: () => m.notification_settings_mail_instant(),
  daily: () => m.notification_settings_mail_daily(),
  weekly: () => m.notification_settings_mail_weekly(),
};

/** A kind's row on a laptop: its name and description, the site switch, the mail choice. */
const COLUMNS = 'sm:grid-cols-[1fr_6rem_11rem] sm:items-center sm:gap-x-6';

const isStaffKind = (kind: NotificationKind) => (STAFF_NOTIFICATION_KINDS as readonly NotificationKind[]).includes(kind);

/** /settings/notifications: per kind she may receive, on the site or not, and by mail never, at once, daily or weekly. */
function NotificationSettingsPage() {
  const { user } = useSession();
  return (
    <SettingsPage title={m.notification_settings_title()} subtitle={m.notification_settings_subtitle()}>
      {user ? <NotificationSection /> : <SignInNotice prompt={m.notification_settings_sign_in_title()} />}
    </SettingsPage>
  );
}

function NotificationSection() {
  const preferences = useQuery(trpc.content.notifications.preferences.queryOptions());
  return (
    <section aria-labelledby="notification-settings-title" aria-busy={preferences.isPending} className="grid gap-4">
      <SectionTitle id="notification-settings-title" icon={Bell}>
        {m.notification_settings_section()}
      </SectionTitle>
      {preferences.isPending ? (
        <Skeleton className="h-[32rem] rounded-2xl" />
      ) : preferences.isError ? (
        <LoadFailed message={m.account_load_failed()} retry={m.account_retry()} onRetry={() => void preferences.refetch()} />
      ) : (
        // Keyed by what the server holds, so a new answer starts the form from it.
        <PreferencesForm key={JSON.stringify(preferences.data)} saved={preferences.data} />
      )}
    </section>
  );
}

function PreferencesForm({ saved }: { saved: Preferences }) {
  const [chosen, setChosen] = useState<Preferences>(saved);
  const [error, setError] = useState<string>();
  // The server answers only the kinds she may receive: staff kinds only for staff.
  const kinds = NOTIFICATION_KINDS.filter((kind) => saved[kind]);
  const choose = (kind: NotificationKind, change: Partial<NotificationPreference>) => setChosen((current) => ({ ...current, [kind]: { ...current[kind]!, ...change } }));

  const save = useMutation(
    trpc.content.notifications.setPreferences.mutationOptions({
      onSuccess: (result) => {
        toast({ title: m.notification_settings_saved() });
        queryClient.setQueryData(trpc.content.notifications.preferences.queryKey(), result);
      },
      onError: (failure) => setError(errorMessage(failure, m.notification_settings_save_failed())),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    // Only what she changed: a kind left alone keeps following its default.
    const changes = Object.fromEntries(kinds.filter((kind) => JSON.stringify(chosen[kind]) !== JSON.stringify(saved[kind])).map((kind) => [kind, chosen[kind]!]));
    if (Object.keys(changes).length === 0) {
      toast({ title: m.notification_settings_saved() });
      return;
    }
    save.mutate(changes);
  }

  const row = (kind: NotificationKind) => {
    const choice = chosen[kind]!;
    const id = `notification-${kind}`;
    return (
      <div key={kind} role="group" aria-labelledby={`${id}-name`} aria-describedby={`${id}-about`} className={`grid gap-3 border-t border-border pt-4 first:border-t-0 first:pt-0 ${COLUMNS}`}>
        <div className="grid gap-0.5">
          <p id={`${id}-name`} className="font-semibold">
            {KINDS[kind].name()}
          </p>
          <p id={`${id}-about`} className="text-sm text-muted-foreground">
            {KINDS[kind].about()}
          </p>
        </div>
        <div className="flex items-center justify-between gap-3 sm:justify-start">
          <Label htmlFor={`${id}-site`} className="font-normal sm:sr-only">
            {m.notification_settings_on_site()}
          </Label>
          <Switch id={`${id}-site`} checked={choice.site} onCheckedChange={(site) => choose(kind, { site })} />
        </div>
        <div className="flex items-center justify-between gap-3 sm:grid sm:gap-1">
          <Label htmlFor={`${id}-mail`} className="font-normal sm:sr-only">
            {m.notification_settings_by_mail()}
          </Label>
          <NativeSelect id={`${id}-mail`} value={choice.mail} onChange={(event) => choose(kind, { mail: event.target.value as NotificationMail })} className="h-10 w-44 text-sm sm:w-full">
            {NOTIFICATION_MAIL.map((mail) => (
              <option key={mail} value={mail}>
                {MAIL_CHOICES[mail]()}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
    );
  };

  const memberKinds = kinds.filter((kind) => !isStaffKind(kind));
  const staffKinds = kinds.filter(isStaffKind);
  return (
    <form onSubmit={submit} noValidate className="grid gap-6 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6">
      {error ? <FormNotice kind="error">{error}</FormNotice> : null}
      <p className="text-sm text-muted-foreground">{m.notification_settings_mail_note()}</p>
      {/* The column headings a laptop shows above the switches and choices; a phone labels each. */}
      <div aria-hidden="true" className={`hidden text-sm font-semibold text-muted-foreground sm:grid ${COLUMNS}`}>
        <span />
        <span>{m.notification_settings_on_site()}</span>
        <span>{m.notification_settings_by_mail()}</span>
      </div>
      <div className="grid gap-4">{memberKinds.map(row)}</div>
      {staffKinds.length ? (
        <section aria-labelledby="notification-settings-staff" className="grid gap-4 border-t-2 border-border pt-5">
          <h3 id="notification-settings-staff" className="text-lg font-semibold">
            {m.notification_settings_staff()}
          </h3>
          <div className="grid gap-4">{staffKinds.map(row)}</div>
        </section>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={save.isPending}>
          {save.isPending ? m.account_saving() : m.notification_settings_save()}
        </Button>
      </div>
    </form>
  );
}
