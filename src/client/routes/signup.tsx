import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages';
import { TEXT_LIMITS } from '#shared/limits';
import { AuthCard } from '../components/auth-card';
import { carriedTexts, offerDraftForReload, takeCarriedDraft } from '../lib/carried-draft';
import { EmailField, Field, PasswordField } from '../components/field';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { Textarea } from '../components/ui/textarea';
import { m } from '#i18n/messages';
import { DEFAULT_SITE_NAME } from '#shared/site';
import { describedBy, useFormErrors } from '../lib/form-errors';
import { latinDigits, pageDigits } from '../lib/formats';
import { loadSession } from '../lib/session';
import { trpc } from '../trpc';
import { loadAuthSchemas } from '../lib/form-schemas';

export const Route = createFileRoute('/signup')({
  // A member who is already in has nothing to apply for (on the server's render as in the browser).
  beforeLoad: async ({ context }) => {
    if (await loadSession(context)) throw redirect({ to: '/' });
  },
  component: SignupPage,
});

// No age is filled in for her: one left out must be asked for, not taken to be 18.
const EMPTY_FORM = { firstName: '', lastName: '', email: '', password: '', age: '', interests: '', bio: '' };
type FormState = typeof EMPTY_FORM;
type Draft = Omit<FormState, 'password'> & { acceptGuidelines: boolean };

/** The fields in the order they are shown; the first with a message takes the focus. */
const FIELDS = ['firstName', 'lastName', 'email', 'password', 'age', 'interests', 'bio', 'acceptGuidelines'] as const;
type SignupField = (typeof FIELDS)[number];
const FIELD_IDS = Object.fromEntries(FIELDS.map((field) => [field, field])) as Record<SignupField, string>;

/**
 * The unsent application, so reading the guidelines (their link opens in this tab) and coming
 * back keeps what she typed, password too. Only in memory, only in the browser (effects don't
 * run on the server): it ends with the page. A language switch's page load carries the rest,
 * never the password (it would pass through the tab's storage).
 */
let draft: (Draft & { password: string }) | undefined;

/** The draft's typed fields: the form's, but the password. */
const TEXT_FIELDS = (Object.keys(EMPTY_FORM) as (keyof FormState)[]).filter((field): field is Exclude<keyof FormState, 'password'> => field !== 'password');

const hasTyped = (typed: Draft) => TEXT_FIELDS.some((field) => typed[field] !== '');

/** A draft carried over a page load, if it has the draft's shape (it comes back from the tab's storage). */
function draftFrom(value: unknown): Draft | undefined {
  const texts = carriedTexts(value, TEXT_FIELDS);
  const acceptGuidelines = (value as { acceptGuidelines?: unknown } | null)?.acceptGuidelines;
  return texts && typeof acceptGuidelines === 'boolean' ? { ...texts, acceptGuidelines } : undefined;
}

/** The age as typed: nothing typed is no age (the schema asks for it), anything else a number to check. */
const parseAge = (value: string): number | undefined => (value.trim() === '' ? undefined : Number(value));

function SignupPage() {
  const [form, setForm] = useState<FormState>(() => ({ ...EMPTY_FORM, ...draft }));
  const [acceptGuidelines, setAcceptGuidelines] = useState(draft?.acceptGuidelines ?? false);
  const { errors, check, showFailure, clear } = useFormErrors(FIELD_IDS);
  // Where her application went: shown instead of the form, so there is nothing to send twice.
  const [sentTo, setSentTo] = useState<string>();

  useEffect(() => {
    draft = { ...form, acceptGuidelines };
  }, [form, acceptGuidelines]);

  // A language switch loads the page again: what she typed comes back (lib/carried-draft.ts).
  useEffect(() => {
    const carried = draftFrom(takeCarriedDraft('signup'));
    if (carried) {
      setForm({ ...EMPTY_FORM, ...carried });
      setAcceptGuidelines(carried.acceptGuidelines);
    }
    return offerDraftForReload('signup', () => {
      if (!draft || !hasTyped(draft)) return undefined;
      const { password: _password, ...carried } = draft;
      return carried;
    });
  }, []);

  const apply = useMutation(
    trpc.auth.joinRequest.mutationOptions({
      onSuccess: (_answer, application) => {
        draft = undefined;
        setSentTo(application.email);
      },
      onError: (failure) => {
        showFailure(failure, messages.signup.genericFailure);
      },
    }),
  );

  const updateValue = (field: keyof FormState) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    // Her change answers that field's message; the others stay until she sends again.
    clear(field);
  };
  const update = (field: keyof FormState) => (event: { target: { value: string } }) => updateValue(field)(event.target.value);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { JoinRequestSchema } = await loadAuthSchemas();
    // The server's own schema, so each field's message reads the same here and there; every field's at once.
    const data = check(JoinRequestSchema, { ...form, age: parseAge(form.age), acceptGuidelines });
    if (data) apply.mutate(data);
  }

  if (sentTo !== undefined) {
    return (
      <AuthCard title={m.auth_join()} subtitle={m.auth_signup_subtitle()} wide>
        <ApplicationSent email={sentTo} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={m.auth_join()} subtitle={m.auth_signup_subtitle()} wide>
      <form onSubmit={(event) => void submit(event)} onFocus={() => void loadAuthSchemas()} noValidate className="grid gap-8">
        <fieldset className="grid gap-5">
          <legend className="mb-4 font-display text-xl font-semibold">{m.auth_signup_personal()}</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="firstName" label={m.auth_signup_first_name()} error={errors.firstName} count={{ value: form.firstName, max: TEXT_LIMITS.name }}>
              <Input
                id="firstName"
                  name="firstName"
                autoComplete="given-name"
                required
                value={form.firstName}
                onChange={update('firstName')}
                {...describedBy('firstName', { error: errors.firstName })}
              />
            </Field>
            <Field id="lastName" label={m.auth_signup_last_name()} error={errors.lastName} count={{ value: form.lastName, max: TEXT_LIMITS.name }}>
              <Input
                id="lastName"
                  name="lastName"
                autoComplete="family-name"
                required
                value={form.lastName}
                onChange={update('lastName')}
                {...describedBy('lastName', { error: errors.lastName })}
              />
            </Field>
          </div>
          <EmailField id="email" label={m.auth_email()} autoComplete="email" error={errors.email} value={form.email} onChange={updateValue('email')} suggestCorrections />
          <PasswordField
            id="password"
            label={m.auth_password()}
            hint={m.auth_signup_password_hint()}
            autoComplete="new-password"
            error={errors.password}
            value={form.password}
            onChange={updateValue('password')}
          />
          <Field id="age" label={m.auth_signup_age()} hint={m.auth_signup_age_hint()} error={errors.age}>
            {/* Text, not type=number: a number box always shows Latin digits, and an Arabic page
                writes its numbers (the hint, the message) in Arabic-Indic ones. */}
            <Input
              id="age"
              name="age"
              inputMode="numeric"
              required
              className="max-w-32"
              value={pageDigits(form.age)}
              onChange={(event) => updateValue('age')(latinDigits(event.target.value))}
              {...describedBy('age', { hint: true, error: errors.age })}
            />
          </Field>
        </fieldset>
        <fieldset className="grid gap-5">
          <legend className="mb-4 font-display text-xl font-semibold">{m.auth_signup_about()}</legend>
          <Field id="interests" label={m.auth_signup_interests()} error={errors.interests} count={{ value: form.interests, max: TEXT_LIMITS.interests }}>
            <Textarea
              id="interests"
              name="interests"
              rows={3}
              required
              placeholder={m.auth_signup_interests_placeholder()}
              value={form.interests}
              onChange={update('interests')}
              {...describedBy('interests', { error: errors.interests })}
            />
          </Field>
          <Field id="bio" label={m.auth_signup_bio()} error={errors.bio} count={{ value: form.bio, max: TEXT_LIMITS.bio }}>
            <Textarea
              id="bio"
              name="bio"
              rows={4}
              required
              placeholder={m.auth_signup_bio_placeholder()}
              value={form.bio}
              onChange={update('bio')}
              {...describedBy('bio', { error: errors.bio })}
            />
          </Field>
        </fieldset>
        <div className="grid gap-2">
          <div className="flex items-start gap-3">
            <Checkbox
              id="acceptGuidelines"
              name="acceptGuidelines"
              className="mt-px aria-[invalid=true]:border-destructive"
              checked={acceptGuidelines}
              {...describedBy('acceptGuidelines', { error: errors.acceptGuidelines })}
              onCheckedChange={(value) => {
                setAcceptGuidelines(value === true);
                if (value === true) clear('acceptGuidelines');
              }}
            />
            <Label htmlFor="acceptGuidelines" className="font-normal">
              {m.auth_signup_accept_guidelines_lead()}
              <Link to="/guidelines" className="font-semibold text-primary underline underline-offset-4 hover:text-primary-hover">
                {m.auth_signup_accept_guidelines_link()}
              </Link>
            </Label>
          </div>
          {errors.acceptGuidelines ? (
            <p id="acceptGuidelines-error" className="text-sm font-medium text-destructive">
              {errors.acceptGuidelines}
            </p>
          ) : null}
        </div>
        {/* A refusal about no one field (the connection, too many tries) is said where she pressed. */}
        {errors.form ? (
          <p role="alert" className="rounded-xl bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive">
            {errors.form}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={apply.isPending}>
          {apply.isPending ? m.auth_signup_busy() : m.auth_signup_submit()}
        </Button>
      </form>
      <div className="mt-6 flex flex-col items-center gap-3 text-sm sm:flex-row sm:flex-wrap sm:justify-between">
        <Link to="/" className="font-semibold text-primary underline-offset-4 hover:underline">
          {m.auth_back_home()}
        </Link>
        <Link to="/login" className="font-semibold text-primary underline-offset-4 hover:underline">
          {m.auth_signup_back_to_login()}
        </Link>
        <p>
          {m.auth_signup_have_account()}{' '}
          <Link to="/login" className="font-semibold text-primary underline-offset-4 hover:underline">
            {m.auth_signup_sign_in_instead()}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

/** What she sees once her application is in: that it arrived, and what happens next. */
function ApplicationSent({ email }: { email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form she was at the bottom of is gone: bring her to the news, and a screen reader with her.
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <div className="grid gap-6">
      <div className="grid justify-items-center gap-3 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-secondary text-secondary-foreground">
          <CheckCircle2 className="size-7" aria-hidden="true" />
        </span>
        <h2 ref={heading} tabIndex={-1} className="text-2xl font-semibold outline-none">
          {m.auth_signup_sent_title()}
        </h2>
        <p role="status" className="max-w-lg text-muted-foreground">
          {messages.signup.success(DEFAULT_SITE_NAME)}
        </p>
      </div>
      <section aria-labelledby="next-steps" className="grid gap-3 rounded-2xl bg-muted/60 p-5">
        <h3 id="next-steps" className="font-sans text-base font-semibold">
          {m.auth_signup_sent_next_title()}
        </h3>
        <ol className="grid list-decimal gap-2 ps-5 text-sm rtl:[list-style-type:arabic-indic]">
          {[m.auth_signup_sent_next_review(), m.auth_signup_sent_next_email({ email }), m.auth_signup_sent_next_sign_in()].map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <Button asChild size="lg" className="justify-self-center">
        <Link to="/">{m.auth_back_home()}</Link>
      </Button>
    </div>
  );
}
