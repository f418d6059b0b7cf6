import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { messages } from '#shared/messages';
import { Button } from '../components/ui/button';
import { m } from '#i18n/messages';
import { errorMessage } from '../lib/errors';
import { useSession } from '../lib/session';
import { queryClient, trpc } from '../trpc';
import { AccountCard, FormNotice } from './settings/-components/account-kit';

interface ConfirmSearch {
  token?: string;
}

export const Route = createFileRoute('/confirm-email')({
  validateSearch: (search: Record<string, unknown>): ConfirmSearch =>
    typeof search.token === 'string' || typeof search.token === 'number' ? { token: String(search.token) } : {},
  component: ConfirmEmailPage,
});

const linkClasses = 'font-semibold text-primary underline-offset-4 hover:underline';

/**
 * /confirm-email?token=…: the link mailed to her new address. It confirms on a button press,
 * never on load: mail scanners open links, and one must not use hers up.
 */
function ConfirmEmailPage() {
  const { token } = Route.useSearch();
  const { user } = useSession();
  const confirm = useMutation(
    trpc.auth.account.confirmEmailChange.mutationOptions({
      // Her email shows in the account menu and on Profile Settings.
      onSuccess: () => queryClient.invalidateQueries(trpc.auth.pathFilter()),
    }),
  );

  const next = user ? (
    <Link to="/settings/profile" className={linkClasses}>
      {m.account_confirm_email_to_profile()}
    </Link>
  ) : (
    <Link to="/login" className={linkClasses}>
      {m.account_sign_in()}
    </Link>
  );

  if (!token || confirm.isError) {
    return (
      <AccountCard title={m.account_confirm_email_title()} subtitle={m.account_confirm_email_invalid_subtitle()}>
        <div className="grid gap-4 text-center">
          <FormNotice kind="error">{token ? errorMessage(confirm.error) : messages.account.emailConfirmInvalid}</FormNotice>
          <p className="text-sm text-muted-foreground">{m.account_confirm_email_ask_again()}</p>
          {next}
        </div>
      </AccountCard>
    );
  }

  if (confirm.isSuccess) {
    return (
      <AccountCard title={m.account_confirm_email_title()} subtitle={m.account_confirm_email_subtitle()}>
        <div className="grid gap-5 text-center">
          <FormNotice kind={'already' in confirm.data ? 'info' : 'success'}>{confirm.data.message}</FormNotice>
          {next}
        </div>
      </AccountCard>
    );
  }

  return (
    <AccountCard title={m.account_confirm_email_title()} subtitle={m.account_confirm_email_subtitle()}>
      <div className="grid gap-5">
        <p>{m.account_confirm_email_body()}</p>
        <Button size="lg" disabled={confirm.isPending} onClick={() => confirm.mutate({ token })}>
          {confirm.isPending ? m.account_confirm_email_busy() : m.account_confirm_email_submit()}
        </Button>
        <Link to="/" className={`${linkClasses} justify-self-center text-sm`}>
          {m.account_back_home()}
        </Link>
      </div>
    </AccountCard>
  );
}
