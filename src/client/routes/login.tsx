import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { messages } from '../../shared/messages';
import { AuthCard } from '../components/auth-card';
import { Field } from '../components/field';
import { KeepLoggedIn } from '../components/keep-logged-in';
import { PasswordInput } from '../components/password-input';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { toast } from '../components/ui/toast';
import { accountCopy } from '../copy/account';
import { loginCopy } from '../copy/auth';
import { serverMessage } from '../lib/errors';
import { sessionQueryOptions } from '../lib/session';
import { queryClient, trpc } from '../trpc';
import { loadAuthSchemas } from '../lib/auth-schemas';

export const Route = createFileRoute('/login')({
  component: LoginPage,
});

function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [saveLogin, setSaveLogin] = useState(false);
  const [error, setError] = useState<string>();

  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: async (result) => {
        toast({ title: messages.login.successTitle, description: messages.login.successBody(result.user.firstName) });
        await queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
        await navigate({ to: '/' });
      },
      onError: (failure) => {
        const message = serverMessage(failure);
        if (message === undefined) {
          toast({ title: messages.login.errorTitle, description: messages.login.errorBody, variant: 'destructive' });
        } else {
          toast({ title: messages.login.failedTitle, description: message || messages.login.invalidCredentials, variant: 'destructive' });
        }
      },
    }),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { LoginSchema } = await loadAuthSchemas();
    const parsed = LoginSchema.safeParse({ email, password, saveLogin });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    login.mutate(parsed.data);
  }

  return (
    <AuthCard title={loginCopy.title} subtitle={loginCopy.subtitle}>
      <form onSubmit={(event) => void submit(event)} onFocus={() => void loadAuthSchemas()} noValidate className="grid gap-5">
        {error ? (
          <p role="alert" className="rounded-xl bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <Field id="email" label={loginCopy.email}>
          <Input id="email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field id="password" label={loginCopy.password}>
          <PasswordInput id="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Link to="/forgot-password" className="-mt-2 justify-self-end text-sm font-semibold text-primary underline-offset-4 hover:underline">
          {accountCopy.forgot.link}
        </Link>
        <KeepLoggedIn label={loginCopy.keepLoggedIn} checked={saveLogin} onChange={setSaveLogin} />
        <Button type="submit" size="lg" disabled={login.isPending}>
          {login.isPending ? loginCopy.busy : loginCopy.submit}
        </Button>
      </form>
      <div className="mt-6 grid gap-3 text-center text-sm">
        <p>
          {loginCopy.noAccount}{' '}
          <Link to="/signup" className="font-semibold text-primary underline-offset-4 hover:underline">
            {loginCopy.join}
          </Link>
        </p>
        <p className="text-muted-foreground">{loginCopy.approvalNote}</p>
        <Link to="/" className="font-semibold text-primary underline-offset-4 hover:underline">
          {loginCopy.backHome}
        </Link>
      </div>
    </AuthCard>
  );
}
