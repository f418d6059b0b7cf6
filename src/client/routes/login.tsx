import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages';
import { AuthCard } from '../components/auth-card';
import { EmailField, PasswordField } from '../components/field';
import { KeepLoggedIn } from '../components/keep-logged-in';
import { SecondStep, type SecondStepNeeded, type SignedIn } from '../components/second-step';
import { Button } from '../components/ui/button';
import { toast } from '../components/ui/toast';
import { m } from '#i18n/messages';
import { DEFAULT_SITE_NAME } from '#shared/site';
import { serverMessage } from '../lib/errors';
import { useFormErrors } from '../lib/form-errors';
import { loadSession, sessionQueryOptions } from '../lib/session';
import { queryClient, trpc } from '../trpc';
import { loadAuthSchemas } from '../lib/form-schemas';

export const Route = createFileRoute('/login')({
  // Signed in already: Home (on the server's render as in the browser).
  beforeLoad: async ({ context }) => {
    if (await loadSession(context)) throw redirect({ to: '/' });
  },
  component: LoginPage,
});

const FIELD_IDS = { email: 'email', password: 'password' };

function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [saveLogin, setSaveLogin] = useState(false);
  const { errors, check } = useFormErrors(FIELD_IDS);
  // Her password was right and her account asks for a second step.
  const [secondStep, setSecondStep] = useState<SecondStepNeeded>();

  const signedIn = async (result: SignedIn) => {
    const { firstName } = result.user;
    toast({ title: messages.login.successTitle, description: result.firstSignIn ? messages.login.firstSuccessBody(firstName, DEFAULT_SITE_NAME) : messages.login.successBody(firstName) });
    await queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
    await navigate({ to: '/' });
  };

  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: async (result) => {
        if ('mfaRequired' in result) setSecondStep(result);
        else await signedIn(result);
      },
      onError: (failure) => {
        const message = serverMessage(failure);
        if (message === undefined) {
          toast({ title: messages.login.errorTitle, description: messages.login.errorBody, variant: 'destructive' });
        } else if (message === messages.login.pending) {
          // Waiting for approval is no fault of hers: SPEC.md's words, calmly (not in alarm red), with what happens next.
          toast({ title: messages.login.failedTitle, description: m.auth_login_pending_body({ reason: message }) });
        } else {
          toast({ title: messages.login.failedTitle, description: message || messages.login.invalidCredentials, variant: 'destructive' });
        }
      },
    }),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { LoginSchema } = await loadAuthSchemas();
    const data = check(LoginSchema, { email, password, saveLogin });
    if (data) login.mutate(data);
  }

  if (secondStep) {
    return (
      <SecondStep
        methods={secondStep.methods}
        onSignedIn={(result) => void signedIn(result)}
        onRestart={() => {
          setSecondStep(undefined);
          setPassword('');
        }}
      />
    );
  }

  return (
    <AuthCard title={m.auth_login_title()} subtitle={m.auth_login_subtitle()}>
      <form onSubmit={(event) => void submit(event)} onFocus={() => void loadAuthSchemas()} noValidate className="grid gap-5">
        <EmailField id="email" label={m.auth_email()} autoComplete="email" error={errors.email} value={email} onChange={setEmail} />
        <PasswordField id="password" label={m.auth_password()} autoComplete="current-password" error={errors.password} value={password} onChange={setPassword} />
        <Link to="/forgot-password" className="-mt-2 justify-self-end text-sm font-semibold text-primary underline-offset-4 hover:underline">
          {m.account_forgot_title()}
        </Link>
        <KeepLoggedIn label={m.auth_keep_logged_in()} checked={saveLogin} onChange={setSaveLogin} />
        <Button type="submit" size="lg" disabled={login.isPending}>
          {login.isPending ? m.auth_signing_in() : m.auth_sign_in()}
        </Button>
      </form>
      <div className="mt-6 grid gap-3 text-center text-sm">
        <p>
          {m.auth_login_no_account()}{' '}
          <Link to="/signup" className="font-semibold text-primary underline-offset-4 hover:underline">
            {m.auth_join()}
          </Link>
        </p>
        <p className="text-muted-foreground">{m.auth_login_approval_note()}</p>
        <Link to="/" className="font-semibold text-primary underline-offset-4 hover:underline">
          {m.auth_back_home()}
        </Link>
      </div>
    </AuthCard>
  );
}
