import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { messages } from '#shared/messages';
import { Button } from '../components/ui/button';
import { m } from '#i18n/messages';
import { errorMessage } from '../lib/errors';
import { trpc } from '../trpc';
import { AccountCard, FormNotice } from './settings/-components/account-kit';

interface VerifySearch {
  token?: string;
}

export const Route = createFileRoute('/verify-email')({
  validateSearch: (search: Record<string, unknown>): VerifySearch =>
    typeof search.token === 'string' || typeof search.token === 'number' ? { token: String(search.token) } : {},
  component: VerifyEmailPage,
});

const linkClasses = 'font-semibold text-primary underline-offset-4 hover:underline';

/**
 * /verify-email?token=…: the link in the application mail; it confirms the address is hers.
 * It confirms on a button press, never on load: mail scanners open links, and one must not
 * confirm an address for her.
 */
function VerifyEmailPage() {
  const { token } = Route.useSearch();
  const confirm = useMutation(trpc.auth.confirmEmail.mutationOptions());
  const home = (
    <Link to="/" className={`${linkClasses} justify-self-center text-sm`}>
      {m.account_back_home()}
    </Link>
  );

  if (!token || confirm.isError) {
    return (
      <AccountCard title={m.account_verify_email_title()} subtitle={m.account_verify_email_invalid_subtitle()}>
        <div className="grid gap-4 text-center">
          <FormNotice kind="error">{token ? errorMessage(confirm.error) : messages.account.emailConfirmInvalid}</FormNotice>
          <p className="text-sm text-muted-foreground">{m.account_verify_email_ask_again()}</p>
          {home}
        </div>
      </AccountCard>
    );
  }

  if (confirm.isSuccess) {
    return (
      <AccountCard title={m.account_verify_email_title()} subtitle={m.account_verify_email_subtitle()}>
        <div className="grid gap-5 text-center">
          <FormNotice kind={'already' in confirm.data ? 'info' : 'success'}>{confirm.data.message}</FormNotice>
          {home}
        </div>
      </AccountCard>
    );
  }

  return (
    <AccountCard title={m.account_verify_email_title()} subtitle={m.account_verify_email_subtitle()}>
      <div className="grid gap-5">
        <p>{m.account_verify_email_body()}</p>
        <Button size="lg" disabled={confirm.isPending} onClick={() => confirm.mutate({ token })}>
          {confirm.isPending ? m.account_confirm_email_busy() : m.account_verify_email_submit()}
        </Button>
        {home}
      </div>
    </AccountCard>
  );
}
