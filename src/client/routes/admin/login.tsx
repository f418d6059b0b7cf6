import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { TRPCClientError } from '@trpc/client';
import { messages } from '#shared/messages';
import { AdminLoginSchema } from '#shared/schemas/auth';
import { AuthCard } from '#client/components/auth-card';
import { EmailField, PasswordField } from '#client/components/field';
import { KeepLoggedIn } from '#client/components/keep-logged-in';
import { SecondStep, type SecondStepNeeded } from '#client/components/second-step';
import { Button } from '#client/components/ui/button';
import { toastAfterLoad } from '#client/components/ui/carried-toast';
import { toast } from '#client/components/ui/toast';
import { m } from '#i18n/messages';
import { useFormErrors } from '#client/lib/form-errors';
import { trpc } from '#client/trpc';

export const Route = createFileRoute('/admin/login')({
  component: AdminLoginPage,
});

const FIELD_IDS = { username: 'username', password: 'password' };

function AdminLoginPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [saveLogin, setSaveLogin] = useState(false);
  const { errors, check } = useFormErrors(FIELD_IDS);
  // Her password was right and her account asks for a second step.
  const [secondStep, setSecondStep] = useState<SecondStepNeeded>();

  const signedIn = () => {
    // A full page load of /admin, which shows the toast.
    toastAfterLoad({ title: messages.adminLogin.successTitle, description: messages.adminLogin.successBody });
    window.location.assign('/admin');
  };

  const login = useMutation(
    trpc.auth.adminLogin.mutationOptions({
      onSuccess: (result) => {
        if ('mfaRequired' in result) setSecondStep(result);
        else signedIn();
      },
      onError: (failure) => {
        const description = failure instanceof TRPCClientError ? failure.message || messages.adminLogin.failedEmptyBody : messages.adminLogin.failedUnknown;
        toast({ title: messages.adminLogin.failedTitle, description, variant: 'destructive' });
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const data = check(AdminLoginSchema, { username, password, saveLogin });
    if (data) login.mutate(data);
  }

  if (secondStep) {
    return (
      <SecondStep
        methods={secondStep.methods}
        onSignedIn={signedIn}
        onRestart={() => {
          setSecondStep(undefined);
          setPassword('');
        }}
      />
    );
  }

  return (
    <AuthCard title={m.auth_admin_login_title()} subtitle={m.auth_admin_login_subtitle()}>
      <form onSubmit={submit} noValidate className="grid gap-5">
        <EmailField id="username" label={m.auth_email()} autoComplete="username" error={errors.username} value={username} onChange={setUsername} />
        <PasswordField id="password" label={m.auth_password()} autoComplete="current-password" error={errors.password} value={password} onChange={setPassword} />
        <KeepLoggedIn label={m.auth_keep_logged_in()} note={m.security_staff_session_note()} checked={saveLogin} onChange={setSaveLogin} />
        <Button type="submit" size="lg" disabled={login.isPending}>
          {login.isPending ? m.auth_signing_in() : m.auth_sign_in()}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/" className="font-semibold text-primary underline-offset-4 hover:underline">
          {m.auth_admin_login_back()}
        </Link>
      </p>
    </AuthCard>
  );
}
