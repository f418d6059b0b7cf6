import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { MailX } from 'lucide-react';
import { messages } from '../../../shared/messages';
import { Button } from '../../components/ui/button';
import { communityCopy } from '../../copy/community';
import { errorMessage, errorStatus } from '../../lib/errors';
import { queryClient, trpc } from '../../trpc';
import { AccountCard } from '../settings/-components/account-kit';

interface TokenSearch {
  token?: string;
}

export const Route = createFileRoute('/newsletter/unsubscribe')({
  validateSearch: (search: Record<string, unknown>): TokenSearch =>
    typeof search.token === 'string' || typeof search.token === 'number' ? { token: String(search.token) } : {},
  component: UnsubscribePage,
});

const t = communityCopy.newsletter.unsubscribe;
const linkClasses = 'font-semibold text-primary underline-offset-4 hover:underline';

/**
 * /newsletter/unsubscribe?token=…: the link in every issue's footer, signed in or not. It
 * unsubscribes on a button press, never on load: mail scanners open links.
 */
function UnsubscribePage() {
  const { token } = Route.useSearch();
  const unsubscribe = useMutation(
    trpc.content.newsletter.unsubscribe.mutationOptions({
      // A member's newsletter settings show whether she is subscribed.
      onSuccess: () => queryClient.invalidateQueries(trpc.auth.account.pathFilter()),
    }),
  );
  // A refused or used token can't be used again; anything else (offline, busy) may be retried.
  const status = unsubscribe.isError ? errorStatus(unsubscribe.error) : undefined;
  const invalid = !token || status === 400 || status === 404;

  if (invalid) {
    return (
      <AccountCard title={t.title} subtitle={t.invalidSubtitle}>
        <div className="grid gap-5 text-center">
          <p role="alert" className="rounded-xl bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive">
            {token ? errorMessage(unsubscribe.error) : messages.newsletter.unsubscribeInvalid}
          </p>
          <p className="text-sm text-muted-foreground">{t.alreadyDone}</p>
          <Link to="/" className={linkClasses}>
            {t.home}
          </Link>
        </div>
      </AccountCard>
    );
  }

  if (unsubscribe.isSuccess) {
    return (
      <AccountCard title={t.title} subtitle={t.doneSubtitle}>
        <div className="grid justify-items-center gap-5 text-center">
          <span className="grid size-14 place-items-center rounded-full bg-secondary text-secondary-foreground">
            <MailX className="size-7" aria-hidden="true" />
          </span>
          <p role="status" className="text-lg font-semibold">
            {unsubscribe.data.message}
          </p>
          <Link to="/community/newsletter" className={linkClasses}>
            {t.subscribeAgain}
          </Link>
        </div>
      </AccountCard>
    );
  }

  return (
    <AccountCard title={t.title} subtitle={t.subtitle}>
      <div className="grid gap-5">
        {unsubscribe.isError ? (
          <p role="alert" className="rounded-xl bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive">
            {errorMessage(unsubscribe.error)}
          </p>
        ) : null}
        <p>{t.body}</p>
        <Button size="lg" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate({ token })}>
          {unsubscribe.isPending ? t.busy : t.submit}
        </Button>
        <Link to="/" className={`${linkClasses} justify-self-center text-sm`}>
          {t.home}
        </Link>
      </div>
    </AccountCard>
  );
}
