import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { m } from '#i18n/messages';
import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages';
import { PasswordInput } from '../components/password-input';
import { Button } from '../components/ui/button';
import { errorMessage } from '../lib/errors';
import { sessionQueryOptions } from '../lib/session';
import { queryClient, trpc } from '../trpc';
import { AccountCard, describedBy, FormField, FormNotice, loadAccountSchemas } from './settings/-components/account-kit';

interface ResetSearch {
  token?: string;
}

export const Route = createFileRoute('/reset-password')({
  // The mailed link's token; a missing one makes the page say the link can't be used.
  validateSearch: (search: Record<string, unknown>): ResetSearch =>
    typeof search.token === 'string' || typeof search.token === 'number' ? { token: String(search.token) } : {},
  component: ResetPasswordPage,
});

const linkClasses = 'font-semibold text-primary underline-offset-4 hover:underline';

/**
 * /reset-password?token=…: the link from the reset mail; sets a new password once. The link is
 * checked when the page opens, so a used or expired one says so before she types anything.
 */
function ResetPasswordPage() {
  const { token } = Route.useSearch();
  // A check that can't answer (offline, counted out) leaves the form: the reset checks again.
  const check = useQuery({ ...trpc.auth.account.checkPasswordReset.queryOptions({ token: token ?? '' }), enabled: Boolean(token), retry: false, staleTime: Infinity });
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [linkInvalid, setLinkInvalid] = useState(!token);

  const reset = useMutation(
    trpc.auth.account.confirmPasswordReset.mutationOptions({
      onSuccess: async () => {
        setPassword('');
        // Every session of the account ended, this browser's too if it was signed in.
        await queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
      },
      onError: (failure) => {
        const message = errorMessage(failure);
        if (message === messages.account.resetInvalid) setLinkInvalid(true);
        else setFormError(message);
      },
    }),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { PasswordResetConfirmSchema } = await loadAccountSchemas();
    const parsed = PasswordResetConfirmSchema.safeParse({ token, password });
    setFormError(undefined);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'token') setLinkInvalid(true);
      else setFieldError(issue?.message);
      return;
    }
    setFieldError(undefined);
    reset.mutate(parsed.data);
  }

  const dead = check.data && check.data.state !== 'usable' ? check.data : undefined;
  if (!reset.isSuccess && (dead?.state === 'used' || dead?.state === 'expired')) {
    return (
      <AccountCard title={m.account_reset_invalid_title()} subtitle={m.account_reset_invalid_subtitle()}>
        <div className="grid gap-5 text-center">
          <FormNotice kind="info">{dead.message}</FormNotice>
          <Button asChild size="lg">
            <Link to="/forgot-password">{m.account_reset_ask_again()}</Link>
          </Button>
          <Link to="/login" className={linkClasses}>
            {m.account_sign_in()}
          </Link>
        </div>
      </AccountCard>
    );
  }

  if (linkInvalid || dead) {
    return (
      <AccountCard title={m.account_reset_invalid_title()} subtitle={m.account_reset_invalid_subtitle()}>
        <div className="grid gap-5 text-center">
          <FormNotice kind="error">{messages.account.resetInvalid}</FormNotice>
          <Link to="/forgot-password" className={linkClasses}>
            {m.account_reset_ask_again()}
          </Link>
        </div>
      </AccountCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AccountCard title={m.account_reset_title()} subtitle={m.account_reset_subtitle()}>
        <div className="grid gap-5">
          <FormNotice kind="success">{reset.data.message}</FormNotice>
          <Button asChild size="lg">
            <Link to="/login">{m.account_sign_in()}</Link>
          </Button>
        </div>
      </AccountCard>
    );
  }

  if (check.isPending && token) {
    return (
      <AccountCard title={m.account_reset_title()} subtitle={m.account_reset_subtitle()}>
        <p role="status" className="text-center text-muted-foreground">
          {m.account_reset_checking()}
        </p>
      </AccountCard>
    );
  }

  return (
    <AccountCard title={m.account_reset_title()} subtitle={m.account_reset_subtitle()}>
      <form onSubmit={(event) => void submit(event)} onFocus={() => void loadAccountSchemas()} noValidate className="grid gap-5">
        {formError ? <FormNotice kind="error">{formError}</FormNotice> : null}
        <FormField id="password" label={m.account_new_password()} hint={m.account_password_hint()} error={fieldError}>
          <PasswordInput
            id="password"
            name="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            {...describedBy('password', { hint: true, error: fieldError })}
          />
        </FormField>
        <p className="text-sm text-muted-foreground">{m.account_reset_signed_out_note()}</p>
        <Button type="submit" size="lg" disabled={reset.isPending}>
          {reset.isPending ? m.account_saving() : m.account_reset_submit()}
        </Button>
      </form>
      <div className="mt-6 text-center text-sm">
        <Link to="/login" className={linkClasses}>
          {m.account_forgot_back_to_login()}
        </Link>
      </div>
    </AccountCard>
  );
}
