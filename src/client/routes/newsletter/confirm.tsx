import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { messages } from '../../../shared/messages';
import { Button } from '../../components/ui/button';
import { communityCopy } from '../../copy/community';
import { errorMessage, errorStatus } from '../../lib/errors';
import { queryClient, trpc } from '../../trpc';
import { AccountCard } from '../settings/-components/account-kit';

interface TokenSearch {
  token?: string;
}

export const Route = createFileRoute('/newsletter/confirm')({
  validateSearch: (search: Record<string, unknown>): TokenSearch =>
    typeof search.token === 'string' || typeof search.token === 'number' ? { token: String(search.token) } : {},
  component: ConfirmSubscriptionPage,
});

const t = communityCopy.newsletter.confirm;
const linkClasses = 'font-semibold text-primary underline-offset-4 hover:underline';

/**
 * /newsletter/confirm?token=…: the link from the confirmation mail. It confirms on a button
 * press, never on load: mail scanners open links, and must not subscribe anyone.
 */
function ConfirmSubscriptionPage() {
  const { token } = Route.useSearch();
  const confirm = useMutation(
    trpc.content.newsletter.confirm.mutationOptions({
      // A member's newsletter settings show whether she is subscribed.
      onSuccess: () => queryClient.invalidateQueries(trpc.auth.account.pathFilter()),
    }),
  );
  // A refused or unknown token can't be used again; anything else (offline, busy) may be retried.
  const status = confirm.isError ? errorStatus(confirm.error) : undefined;
  const invalid = !token || status === 400 || status === 404;

  if (invalid) {
    return (
      <AccountCard title={t.title} subtitle={t.invalidSubtitle}>
        <div className="grid gap-4 text-center">
          <p role="alert" className="rounded-xl bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive">
            {token ? errorMessage(confirm.error) : messages.newsletter.confirmInvalid}
          </p>
          <p className="text-sm text-muted-foreground">{t.askAgain}</p>
          <Button asChild size="lg">
            <Link to="/community/newsletter">{t.subscribeAgain}</Link>
          </Button>
        </div>
      </AccountCard>
    );
  }

  if (confirm.isSuccess) {
    return (
      <AccountCard title={t.title} subtitle={t.doneSubtitle}>
        <div className="grid justify-items-center gap-5 text-center">
          <span className="grid size-14 place-items-center rounded-full bg-primary text-primary-foreground">
            <MailCheck className="size-7" aria-hidden="true" />
          </span>
          <p role="status" className="text-lg font-semibold">
            {confirm.data.message}
          </p>
          <Link to="/" className={linkClasses}>
            {t.home}
          </Link>
        </div>
      </AccountCard>
    );
  }

  return (
    <AccountCard title={t.title} subtitle={t.subtitle}>
      <div className="grid gap-5">
        {confirm.isError ? (
          <p role="alert" className="rounded-xl bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive">
            {errorMessage(confirm.error)}
          </p>
        ) : null}
        <p>{t.body}</p>
        <Button size="lg" disabled={confirm.isPending} onClick={() => confirm.mutate({ token })}>
          {confirm.isPending ? t.busy : t.submit}
        </Button>
        <Link to="/" className={`${linkClasses} justify-self-center text-sm`}>
          {t.home}
        </Link>
      </div>
    </AccountCard>
  );
}
