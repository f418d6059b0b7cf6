import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { m } from '#i18n/messages';
import { trpc } from '#client/trpc';
import { adminListOptions, EmptyState, formatDate, ListError, ListSkeleton, TabHeader } from './admin-kit';
import { NewsletterIssues } from './newsletter-issues';

const frequencies = {
  weekly: m.admin_frequency_weekly,
  biweekly: m.admin_frequency_biweekly,
  monthly: m.admin_frequency_monthly,
};

/** The CSV comes straight from the REST adapter, which answers a file (the session cookie goes along). */
const CSV_URL = '/api/admin/newsletter/subscriptions?format=csv';

/** Issues first (what admins come here to do), then who subscribed. */
export function NewsletterTab() {
  return (
    <div className="grid gap-12">
      <NewsletterIssues />
      <Subscribers />
    </div>
  );
}

function Subscribers() {
  const list = useQuery({ ...trpc.admin.newsletter.subscriptions.queryOptions({ limit: 100 }), ...adminListOptions });
  const data = list.data?.format === 'json' ? list.data : undefined;

  return (
    <section>
      <TabHeader
        title={m.admin_newsletter_title()}
        count={data ? <Badge variant="secondary">{m.admin_newsletter_count({ count: data.total })}</Badge> : null}
        action={
          <Button asChild variant="outline">
            <a href={CSV_URL} download>
              <Download aria-hidden="true" />
              {m.admin_newsletter_export()}
            </a>
          </Button>
        }
      />
      {list.isPending ? (
        <ListSkeleton rows={2} />
      ) : list.isError || !data ? (
        <ListError onRetry={() => void list.refetch()} />
      ) : data.subscribers.length === 0 ? (
        <EmptyState>{m.admin_newsletter_empty()}</EmptyState>
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <thead className="border-b border-border bg-muted/50">
              <tr>
                <th scope="col" className="px-4 py-3 text-start font-semibold">
                  {m.admin_newsletter_email()}
                </th>
                <th scope="col" className="px-4 py-3 text-start font-semibold">
                  {m.admin_newsletter_frequency()}
                </th>
                <th scope="col" className="px-4 py-3 text-start font-semibold">
                  {m.admin_newsletter_since()}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.subscribers.map((subscriber) => (
                <tr key={subscriber.id} className="border-b border-border last:border-0">
                  <td dir="ltr" className="px-4 py-3 text-start break-all">{subscriber.email}</td>
                  <td className="px-4 py-3">{frequencies[subscriber.frequency]()}</td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    {formatDate(subscriber.createdAt)}
                    {subscriber.confirmedAt ? null : <span className="ms-2 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">{m.admin_newsletter_unconfirmed()}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </section>
  );
}
