import { useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AtSign, KeyRound, UserRound } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages';
import { EmailField, PasswordField } from '#client/components/field';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { Skeleton } from '#client/components/ui/skeleton';
import { Textarea } from '#client/components/ui/textarea';
import { toast } from '#client/components/ui/toast';
import { m } from '#i18n/messages';
import { carriedTexts, takeCarriedDraft, useDraftOfferedForReload } from '#client/lib/carried-draft';
import { sessionQueryOptions, useSession } from '#client/lib/session';
import { pageQueries } from '#client/lib/page-queries';
import { queryClient, trpc, type RouterOutputs } from '#client/trpc';
import { SignInNotice } from '../community/-components/sign-in-notice';
import { describedBy, errorsFromServer, FormField, FormNotice, LoadFailed, loadAccountSchemas, SectionTitle, SettingsPage, useFormErrors } from './-components/account-kit';
import { CalendarSection } from './-components/calendar-section';
import { DataSection } from './-components/data-section';
import { DevicesSection } from './-components/devices-section';
import { TwoFactorSection } from './-components/two-factor-section';
import { TEXT_LIMITS } from '#shared/limits';

export const Route = createFileRoute('/settings/profile')({
  loader: ({ context }) => {
    // Members only: a visitor's page is the sign-in prompt and asks for nothing.
    if (!context.queryClient.getQueryData(context.trpc.auth.session.queryKey())) return;
    void context.queryClient.prefetchQuery(context.pageQueries.profile());
    void context.queryClient.prefetchQuery(context.pageQueries.sessions());
  },
  component: ProfileSettingsPage,
});

const a = messages.account;
const s = messages.signup;
const queries = { profile: pageQueries.profile, sessions: pageQueries.sessions };

type Profile = RouterOutputs['auth']['account']['profile'];

/** The signup password rules' messages, shown at the new-password field when the server gives them (in the page's language). */
const newPasswordMessages = () => [s.passwordLength, s.passwordUppercase, s.passwordLowercase, s.passwordNumber, s.passwordMax];

/** /settings/profile: her details, password, email, two-factor sign-in, signed-in devices, calendar link and her data. */
function ProfileSettingsPage() {
  const { user } = useSession();
  return (
    <SettingsPage title={m.account_profile_title()} subtitle={m.account_profile_subtitle()}>
      {user ? (
        <>
          <DetailsSection />
          <PasswordSection email={user.email} />
          <EmailSection email={user.email} />
          <TwoFactorSection email={user.email} required={user.mustSetUpSecondFactor} />
          <DevicesSection />
          <CalendarSection />
          <DataSection />
        </>
      ) : (
        <SignInNotice prompt={m.account_profile_sign_in_title()} />
      )}
    </SettingsPage>
  );
}

const cardClasses = 'grid gap-5 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6';

function DetailsSection() {
  const profile = useQuery(queries.profile());
  return (
    <section aria-labelledby="profile-details" aria-busy={profile.isPending} className="grid gap-4">
      <SectionTitle id="profile-details" icon={UserRound}>
        {m.account_details_title()}
      </SectionTitle>
      {profile.isPending ? (
        <Skeleton className="h-96 rounded-2xl" />
      ) : profile.isError ? (
        <LoadFailed message={m.account_load_failed()} retry={m.account_retry()} onRetry={() => void profile.refetch()} />
      ) : (
        <DetailsForm saved={profile.data} />
      )}
    </section>
  );
}

const DETAILS_FIELDS = ['firstName', 'lastName', 'bio', 'interests'] as const;
type DetailsField = (typeof DETAILS_FIELDS)[number];
const DETAILS_IDS = { firstName: 'profile-first-name', lastName: 'profile-last-name', bio: 'profile-bio', interests: 'profile-interests' };

/** The form's texts from her saved profile (accounts made before bios were asked for have none). */
const formOf = (profile: Pick<Profile, DetailsField>) => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  bio: profile.bio ?? '',
  interests: profile.interests ?? '',
});

function DetailsForm({ saved }: { saved: Profile }) {
  const [form, setForm] = useState(() => formOf(saved));
  const { errors, show, check } = useFormErrors(DETAILS_IDS);

  // A language switch loads the page again: edits she hadn't saved come back (lib/carried-draft.ts).
  const savedForm = formOf(saved);
  useDraftOfferedForReload('profile-details', DETAILS_FIELDS.some((field) => form[field] !== savedForm[field]) ? form : undefined);
  useEffect(() => {
    const carried = carriedTexts(takeCarriedDraft('profile-details'), DETAILS_FIELDS);
    if (carried) setForm(carried);
  }, []);

  const save = useMutation(
    trpc.auth.account.updateProfile.mutationOptions({
      onSuccess: async ({ message, ...profile }) => {
        toast({ title: message });
        setForm(formOf(profile));
        queryClient.setQueryData(queries.profile().queryKey, profile);
        // Her name in the top bar.
        await queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
      },
      onError: (failure) => show(errorsFromServer(failure, {}, s.genericFailure)),
    }),
  );

  const update = (field: DetailsField) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { ProfileUpdateSchema } = await loadAccountSchemas();
    const data = check(ProfileUpdateSchema, form);
    if (data) save.mutate(data);
  }

  return (
    <form onSubmit={(event) => void submit(event)} onFocus={() => void loadAccountSchemas()} noValidate className={cardClasses}>
      <p className="text-sm text-muted-foreground">{m.account_details_hint()}</p>
      {saved.waitingChange ? <WaitingChange change={saved.waitingChange} /> : null}
      {errors.form ? <FormNotice kind="error">{errors.form}</FormNotice> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={DETAILS_IDS.firstName} label={m.account_details_first_name()} error={errors.firstName} count={{ value: form.firstName, max: TEXT_LIMITS.name }}>
          <Input
            id={DETAILS_IDS.firstName}
            name="firstName"
            autoComplete="given-name"
            required
            value={form.firstName}
            onChange={update('firstName')}
            {...describedBy(DETAILS_IDS.firstName, { error: errors.firstName })}
          />
        </FormField>
        <FormField id={DETAILS_IDS.lastName} label={m.account_details_last_name()} error={errors.lastName} count={{ value: form.lastName, max: TEXT_LIMITS.name }}>
          <Input
            id={DETAILS_IDS.lastName}
            name="lastName"
            autoComplete="family-name"
            required
            value={form.lastName}
            onChange={update('lastName')}
            {...describedBy(DETAILS_IDS.lastName, { error: errors.lastName })}
          />
        </FormField>
      </div>
      <FormField id={DETAILS_IDS.bio} label={m.account_details_bio()} error={errors.bio} count={{ value: form.bio, max: TEXT_LIMITS.bio }}>
        <Textarea
          id={DETAILS_IDS.bio}
          name="bio"
          rows={4}
          required
          value={form.bio}
          onChange={update('bio')}
          {...describedBy(DETAILS_IDS.bio, { error: errors.bio })}
        />
      </FormField>
      <FormField id={DETAILS_IDS.interests} label={m.account_details_interests()} error={errors.interests} count={{ value: form.interests, max: TEXT_LIMITS.interests }}>
        <Textarea
          id={DETAILS_IDS.interests}
          name="interests"
          rows={3}
          required
          value={form.interests}
          onChange={update('interests')}
          {...describedBy(DETAILS_IDS.interests, { error: errors.interests })}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-end" disabled={save.isPending}>
        {save.isPending ? m.account_saving() : m.account_details_submit()}
      </Button>
    </form>
  );
}

/** Her change that holds a watched word: what waits for a moderator, while her profile shows the old values. */
function WaitingChange({ change }: { change: NonNullable<Profile['waitingChange']> }) {
  const labels: Record<DetailsField, string> = { firstName: m.account_details_first_name(), lastName: m.account_details_last_name(), bio: m.account_details_bio(), interests: m.account_details_interests() };
  return (
    <div role="status" className="grid gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <p className="font-semibold">{m.account_details_waiting_title()}</p>
      <dl className="grid gap-1">
        {DETAILS_FIELDS.filter((field) => change[field] !== undefined).map((field) => (
          <div key={field}>
            <dt className="font-medium">{labels[field]}</dt>
            <dd dir="auto" className="whitespace-pre-line break-words">{change[field]}</dd>
          </div>
        ))}
      </dl>
      <p>{m.account_details_waiting_body()}</p>
    </div>
  );
}

const PASSWORD_IDS = { currentPassword: 'password-current', newPassword: 'password-new' };
type PasswordFieldName = keyof typeof PASSWORD_IDS;

function PasswordSection({ email }: { email: string }) {
  const empty = { currentPassword: '', newPassword: '' };
  const [form, setForm] = useState(empty);
  const { errors, show, check } = useFormErrors(PASSWORD_IDS);

  const change = useMutation(
    trpc.auth.account.changePassword.mutationOptions({
      onSuccess: async (result) => {
        toast({ title: result.message, description: m.account_password_done_body() });
        setForm(empty);
        // Her other devices are gone from the list.
        await queryClient.invalidateQueries({ queryKey: queries.sessions().queryKey });
      },
      onError: (failure) => {
        show(errorsFromServer<PasswordFieldName>(
          failure,
          {
            [a.currentPasswordWrong]: 'currentPassword',
            [a.currentPasswordRequired]: 'currentPassword',
            ...Object.fromEntries(newPasswordMessages().map((message) => [message, 'newPassword' as const])),
          },
          s.genericFailure,
        ));
      },
    }),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { PasswordChangeSchema } = await loadAccountSchemas();
    const data = check(PasswordChangeSchema, form);
    if (data) change.mutate(data);
  }

  return (
    <section aria-labelledby="profile-password" className="grid gap-4">
      <SectionTitle id="profile-password" icon={KeyRound}>
        {m.account_password_title()}
      </SectionTitle>
      <form onSubmit={(event) => void submit(event)} onFocus={() => void loadAccountSchemas()} noValidate className={cardClasses}>
        <p className="text-sm text-muted-foreground">{m.account_password_note()}</p>
        {errors.form ? <FormNotice kind="error">{errors.form}</FormNotice> : null}
        {/* Lets password managers tie the new password to her account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          id={PASSWORD_IDS.currentPassword}
          name="currentPassword"
          announce
          label={m.account_current_password()}
          error={errors.currentPassword}
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={(value) => setForm((current) => ({ ...current, currentPassword: value }))}
        />
        <PasswordField
          id={PASSWORD_IDS.newPassword}
          name="newPassword"
          announce
          label={m.account_new_password()}
          hint={m.account_password_hint()}
          error={errors.newPassword}
          autoComplete="new-password"
          value={form.newPassword}
          onChange={(value) => setForm((current) => ({ ...current, newPassword: value }))}
        />
        <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-end" disabled={change.isPending}>
          {change.isPending ? m.account_password_busy() : m.account_password_submit()}
        </Button>
      </form>
    </section>
  );
}

const EMAIL_IDS = { email: 'email-new', password: 'email-password' };
type EmailFieldName = keyof typeof EMAIL_IDS;

function EmailSection({ email }: { email: string }) {
  const empty = { email: '', password: '' };
  const [form, setForm] = useState(empty);
  const { errors, show, check } = useFormErrors(EMAIL_IDS);
  const [sent, setSent] = useState<string>();

  const request = useMutation(
    trpc.auth.account.requestEmailChange.mutationOptions({
      onSuccess: (result) => {
        setSent(result.message);
        setForm(empty);
      },
      onError: (failure) => {
        show(errorsFromServer<EmailFieldName>(
          failure,
          {
            [a.currentPasswordWrong]: 'password',
            [a.currentPasswordRequired]: 'password',
            [a.emailSame]: 'email',
            [s.emailTaken]: 'email',
            [s.emailInvalid]: 'email',
            [s.emailRequired]: 'email',
          },
          s.genericFailure,
        ));
      },
    }),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { EmailChangeSchema } = await loadAccountSchemas();
    const data = check(EmailChangeSchema, form);
    if (!data) return;
    setSent(undefined);
    request.mutate(data);
  }

  return (
    <section aria-labelledby="profile-email" className="grid gap-4">
      <SectionTitle id="profile-email" icon={AtSign}>
        {m.account_email_title()}
      </SectionTitle>
      <form onSubmit={(event) => void submit(event)} onFocus={() => void loadAccountSchemas()} noValidate className={cardClasses}>
        <div className="grid gap-1 text-sm">
          <p>
            {m.account_email_current()} <strong dir="auto" className="font-semibold">
              {email}
            </strong>
          </p>
          <p className="text-muted-foreground">{m.account_email_note()}</p>
        </div>
        {sent ? <FormNotice kind="success">{sent}</FormNotice> : null}
        {errors.form ? <FormNotice kind="error">{errors.form}</FormNotice> : null}
        <EmailField
          id={EMAIL_IDS.email}
          name="email"
          announce
          suggestCorrections
          label={m.account_email_next()}
          error={errors.email}
          autoComplete="email"
          value={form.email}
          onChange={(value) => setForm((current) => ({ ...current, email: value }))}
        />
        <PasswordField
          id={EMAIL_IDS.password}
          name="password"
          announce
          label={m.account_current_password()}
          error={errors.password}
          autoComplete="current-password"
          value={form.password}
          onChange={(value) => setForm((current) => ({ ...current, password: value }))}
        />
        <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-end" disabled={request.isPending}>
          {request.isPending ? m.account_sending() : m.account_email_submit()}
        </Button>
      </form>
    </section>
  );
}
