import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { EmailField } from '../components/field';
import { Button } from '../components/ui/button';
import { m } from '#i18n/messages';
import { useFormErrors } from '../lib/form-errors';
import { trpc } from '../trpc';
import { AccountCard, FormNotice, loadAccountSchemas } from './settings/-components/account-kit';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});

const FIELD_IDS = { email: 'email' };

/** /forgot-password: asks for a reset link. The answer is the same whether or not the email has an account. */
function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  // A message about the address shows at it; any other (too many tries) above the form.
  const { errors, check, showFailure } = useFormErrors(FIELD_IDS);

  const request = useMutation(
    trpc.auth.account.requestPasswordReset.mutationOptions({
      onError: (failure) => showFailure(failure),
    }),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { PasswordResetRequestSchema } = await loadAccountSchemas();
    const data = check(PasswordResetRequestSchema, { email });
    if (data) request.mutate(data);
  }

  return (
    <AccountCard title={m.account_forgot_title()} subtitle={m.account_forgot_subtitle()}>
      {request.isSuccess ? (
        <div className="grid gap-4">
          <FormNotice kind="success">{request.data.message}</FormNotice>
          <p className="text-sm text-muted-foreground">{m.account_forgot_check_inbox()}</p>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} onFocus={() => void loadAccountSchemas()} noValidate className="grid gap-5">
          {errors.form ? <FormNotice kind="error">{errors.form}</FormNotice> : null}
          <EmailField id="email" label={m.account_email()} autoComplete="email" error={errors.email} value={email} onChange={setEmail} />
          <Button type="submit" size="lg" disabled={request.isPending}>
            {request.isPending ? m.account_sending() : m.account_forgot_submit()}
          </Button>
        </form>
      )}
      <div className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-primary underline-offset-4 hover:underline">
          {m.account_forgot_back_to_login()}
        </Link>
      </div>
    </AccountCard>
  );
}
