import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { CalendarDays } from 'lucide-react';
import { m } from '#i18n/messages';
import { ServerDrawnProse } from '#client/components/prose';
import { buttonVariants } from '#client/components/ui/button-variants';
import { Skeleton } from '#client/components/ui/skeleton';
import { useDocumentTitle } from '#client/lib/document-title';
import { errorStatus } from '#client/lib/errors';
import { longDate } from '#client/lib/formats';
import { idParam } from '#client/lib/list-search';
import { trpc } from '#client/trpc';

/** /community/newsletter/{id}: one sent issue of the public archive. */
export const Route = createFileRoute('/community/newsletter_/$id')({
  loader: ({ context, params }) => {
    const id = idParam(params.id);
    if (id) return context.queryClient.prefetchQuery(context.trpc.content.newsletter.issuePage.queryOptions({ id }));
  },
  component: NewsletterIssuePage,
});

function NewsletterIssuePage() {
  const id = idParam(Route.useParams().id) ?? 0;
  const issue = useQuery({ ...trpc.content.newsletter.issuePage.queryOptions({ id }), enabled: id > 0 });
  useDocumentTitle(issue.data?.subject);
  const missing = id === 0 || errorStatus(issue.error) === 404;

  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/community/newsletter" className={buttonVariants({ variant: 'link', className: 'mb-6 px-0' })}>
        {m.community_newsletter_issue_back()}
      </Link>
      {missing || issue.isError ? (
        <p role="alert" className="rounded-[var(--radius-card)] bg-muted px-6 py-8 text-center font-medium">
          {missing ? m.community_newsletter_issue_not_found() : m.community_newsletter_issue_failed()}
        </p>
      ) : issue.isPending ? (
        <div className="grid gap-4" aria-busy="true">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      ) : (
        <>
          <header className="mb-8 grid gap-3">
            <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{issue.data.subject}</h1>
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <CalendarDays className="size-4" aria-hidden="true" />
              <time dateTime={new Date(issue.data.sentAt).toISOString()}>{m.community_newsletter_issue_sent({ date: longDate(new Date(issue.data.sentAt)) })}</time>
            </p>
          </header>
          {/* The admin's markdown, drawn and sanitized by the server as an article's is. */}
          <ServerDrawnProse html={issue.data.markdownHtml} />
        </>
      )}
    </article>
  );
}
