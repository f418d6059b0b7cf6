import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { messages } from '../../shared/messages';
import { SIGNUP_AGE } from '../../shared/limits';
import { AuthCard } from '../components/auth-card';
import { Field } from '../components/field';
import { PasswordInput } from '../components/password-input';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { Textarea } from '../components/ui/textarea';
import { siteName } from '../copy';
import { signupCopy } from '../copy/auth';
import { serverMessage } from '../lib/errors';
import { trpc } from '../trpc';
import { loadAuthSchemas } from '../lib/auth-schemas';

export const Route = createFileRoute('/signup')({
  component: SignupPage,
});

const EMPTY_FORM = { firstName: '', lastName: '', email: '', password: '', age: String(SIGNUP_AGE.default), interests: '', bio: '' };
type FormState = typeof EMPTY_FORM;
type Draft = Omit<FormState, 'password'> & { acceptGuidelines: boolean };

/**
 * The unsent application, so reading the guidelines (their link opens in this tab) and coming
 * back keeps what she typed. Only in memory, only in the browser (effects don't run on the
 * server), and never the password.
 */
let draft: Draft | undefined;

/** An age that is not a number falls back to 18. */
function parseAge(value: string): number {
  const age = Number.parseInt(value, 10);
  return Number.isNaN(age) ? SIGNUP_AGE.default : age;
}

function SignupPage() {
  const [form, setForm] = useState<FormState>(() => ({ ...EMPTY_FORM, ...draft }));
  const [acceptGuidelines, setAcceptGuidelines] = useState(draft?.acceptGuidelines ?? false);
  const [alert, setAlert] = useState<{ kind: 'error' | 'success'; text: string }>();
  // Shown under the checkbox rather than in the alert above the form.
  const [guidelinesError, setGuidelinesError] = useState<string>();

  useEffect(() => {
    const { password: _password, ...fields } = form;
    draft = { ...fields, acceptGuidelines };
  }, [form, acceptGuidelines]);

  const apply = useMutation(
    trpc.auth.joinRequest.mutationOptions({
      onSuccess: () => {
        setAlert({ kind: 'success', text: messages.signup.success(siteName) });
        setForm(EMPTY_FORM);
        setAcceptGuidelines(false);
      },
      onError: (failure) => setAlert({ kind: 'error', text: serverMessage(failure) || messages.signup.genericFailure }),
    }),
  );

  const update = (field: keyof FormState) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { JoinRequestSchema } = await loadAuthSchemas();
    // The same schema as the server, so the first failing rule reads the same here and there.
    const parsed = JoinRequestSchema.safeParse({ ...form, age: parseAge(form.age), acceptGuidelines });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const onCheckbox = issue?.path[0] === 'acceptGuidelines';
      setAlert(onCheckbox ? undefined : { kind: 'error', text: issue?.message ?? messages.signup.genericFailure });
      setGuidelinesError(onCheckbox ? issue.message : undefined);
      return;
    }
    setAlert(undefined);
    setGuidelinesError(undefined);
    apply.mutate(parsed.data);
  }

  return (
    <AuthCard title={signupCopy.title} subtitle={signupCopy.subtitle} wide>
      <form onSubmit={(event) => void submit(event)} onFocus={() => void loadAuthSchemas()} noValidate className="grid gap-8">
        {alert ? (
          <p
            role="alert"
            className={
              alert.kind === 'error'
                ? 'rounded-xl bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive'
                : 'rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900'
            }
          >
            {alert.text}
          </p>
        ) : null}
        <fieldset className="grid gap-5">
          <legend className="mb-4 font-display text-xl font-semibold">{signupCopy.personal}</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="firstName" label={signupCopy.firstName}>
              <Input id="firstName" name="firstName" autoComplete="given-name" required value={form.firstName} onChange={update('firstName')} />
            </Field>
            <Field id="lastName" label={signupCopy.lastName}>
              <Input id="lastName" name="lastName" autoComplete="family-name" required value={form.lastName} onChange={update('lastName')} />
            </Field>
          </div>
          <Field id="email" label={signupCopy.email}>
            <Input id="email" name="email" type="email" autoComplete="email" required value={form.email} onChange={update('email')} />
          </Field>
          <Field id="password" label={signupCopy.password} hint={signupCopy.passwordHint}>
            <PasswordInput
              id="password"
              name="password"
              autoComplete="new-password"
              required
              aria-describedby="password-hint"
              value={form.password}
              onChange={update('password')}
            />
          </Field>
          <Field id="age" label={signupCopy.age}>
            <Input
              id="age"
              name="age"
              type="number"
              inputMode="numeric"
              min={SIGNUP_AGE.min}
              max={SIGNUP_AGE.max}
              required
              className="max-w-32"
              value={form.age}
              onChange={update('age')}
            />
          </Field>
        </fieldset>
        <fieldset className="grid gap-5">
          <legend className="mb-4 font-display text-xl font-semibold">{signupCopy.about}</legend>
          <Field id="interests" label={signupCopy.interests}>
            <Textarea id="interests" name="interests" rows={3} required placeholder={signupCopy.interestsPlaceholder} value={form.interests} onChange={update('interests')} />
          </Field>
          <Field id="bio" label={signupCopy.bio}>
            <Textarea id="bio" name="bio" rows={4} required placeholder={signupCopy.bioPlaceholder} value={form.bio} onChange={update('bio')} />
          </Field>
        </fieldset>
        <div className="grid gap-2">
          <div className="flex items-start gap-3">
            <Checkbox
              id="acceptGuidelines"
              name="acceptGuidelines"
              className="mt-px aria-[invalid=true]:border-destructive"
              checked={acceptGuidelines}
              aria-invalid={guidelinesError ? true : undefined}
              aria-describedby={guidelinesError ? 'acceptGuidelines-error' : undefined}
              onCheckedChange={(value) => {
                setAcceptGuidelines(value === true);
                if (value === true) setGuidelinesError(undefined);
              }}
            />
            <Label htmlFor="acceptGuidelines" className="font-normal">
              {signupCopy.acceptGuidelinesLead}
              <Link to="/guidelines" className="font-semibold text-primary underline underline-offset-4 hover:text-primary-hover">
                {signupCopy.acceptGuidelinesLink}
              </Link>
            </Label>
          </div>
          {guidelinesError ? (
            <p id="acceptGuidelines-error" role="alert" className="text-sm font-medium text-destructive">
              {guidelinesError}
            </p>
          ) : null}
        </div>
        <Button type="submit" size="lg" disabled={apply.isPending}>
          {apply.isPending ? signupCopy.busy : signupCopy.submit}
        </Button>
      </form>
      <div className="mt-6 flex flex-col items-center gap-3 text-sm sm:flex-row sm:justify-between">
        <Link to="/login" className="font-semibold text-primary underline-offset-4 hover:underline">
          {signupCopy.backToLogin}
        </Link>
        <p>
          {signupCopy.haveAccount}{' '}
          <Link to="/login" className="font-semibold text-primary underline-offset-4 hover:underline">
            {signupCopy.signInInstead}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
