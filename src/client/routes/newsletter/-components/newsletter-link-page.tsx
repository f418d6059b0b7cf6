import { Link } from '@tanstack/react-router';
import type { UseMutationResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button';
import { errorMessage, errorStatus } from '#client/lib/errors';
import { AccountCard } from '#client/routes/settings/-components/account-kit';

export const linkClasses = 'font-semibold text-primary underline-offset-4 hover:underline';

interface LinkPageCopy {
  title: string;
  subtitle: string;
  body: string;
  submit: string;
  busy: string;
  doneSubtitle: string;
  invalidSubtitle: string;
  home: string;
}

/**
 * A page a newsletter mail links to (confirm, unsubscribe). It acts on a button press, never on
 * load: mail scanners open links. A link opened again says calmly what is true (`already`); a
 * refused token (400, 404) can't be used; anything else (offline, busy) keeps the button.
 */
export function NewsletterLinkPage({
  token,
  copy,
  action,
  invalidMessage,
  invalidHelp,
  done,
}: {
  token: string | undefined;
  copy: LinkPageCopy;
  action: UseMutationResult<{ message: string; already?: true }, unknown, { token: string }>;
  /** Shown when the page was opened without a token. */
  invalidMessage: string;
  /** What she can do about a link that can't be used. */
  invalidHelp: ReactNode;
  done: { icon: LucideIcon; iconClassName: string; next: ReactNode };
}) {
  const status = action.isError ? errorStatus(action.error) : undefined;
  if (!token || status === 400 || status === 404) {
    return (
      <AccountCard title={copy.title} subtitle={copy.invalidSubtitle}>
        <div className="grid gap-4 text-center">
          <p role="alert" className="rounded-xl bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive">
            {token ? errorMessage(action.error) : invalidMessage}
          </p>
          {invalidHelp}
        </div>
      </AccountCard>
    );
  }

  if (action.isSuccess) {
    const Icon = done.icon;
    const already = action.data.already === true;
    return (
      <AccountCard title={copy.title} subtitle={copy.doneSubtitle}>
        <div className="grid justify-items-center gap-5 text-center">
          <span className={`grid size-14 place-items-center rounded-full ${already ? 'bg-muted text-muted-foreground' : done.iconClassName}`}>
            <Icon className="size-7" aria-hidden="true" />
          </span>
          <p role="status" className="text-lg font-semibold">
            {action.data.message}
          </p>
          {done.next}
        </div>
      </AccountCard>
    );
  }

  return (
    <AccountCard title={copy.title} subtitle={copy.subtitle}>
      <div className="grid gap-5">
        {action.isError ? (
          <p role="alert" className="rounded-xl bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive">
            {errorMessage(action.error)}
          </p>
        ) : null}
        <p>{copy.body}</p>
        <Button size="lg" disabled={action.isPending} onClick={() => action.mutate({ token })}>
          {action.isPending ? copy.busy : copy.submit}
        </Button>
        <Link to="/" className={`${linkClasses} justify-self-center text-sm`}>
          {copy.home}
        </Link>
      </div>
    </AccountCard>
  );
}
