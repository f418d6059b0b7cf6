import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { MailX } from 'lucide-react';
import { messages } from '#shared/messages';
import { m } from '#i18n/messages';
import { queryClient, trpc } from '#client/trpc';
import { linkClasses, NewsletterLinkPage } from './-components/newsletter-link-page';

export const Route = createFileRoute('/newsletter/unsubscribe')({
  // Written here, not imported: what the route itself imports loads with the route tree, not with the page.
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' || typeof search.token === 'number' ? { token: String(search.token) } : {},
  component: UnsubscribePage,
});

/** /newsletter/unsubscribe?token=…: the link in every issue's footer, signed in or not. */
function UnsubscribePage() {
  const { token } = Route.useSearch();
  const unsubscribe = useMutation(
    trpc.content.newsletter.unsubscribe.mutationOptions({
      // A member's newsletter settings show whether she is subscribed.
      onSuccess: () => queryClient.invalidateQueries(trpc.auth.account.pathFilter()),
    }),
  );
  return (
    <NewsletterLinkPage
      token={token}
      copy={{
        title: m.community_newsletter_unsubscribe_title(),
        subtitle: m.community_newsletter_unsubscribe_subtitle(),
        body: m.community_newsletter_unsubscribe_body(),
        submit: m.community_newsletter_unsubscribe_submit(),
        busy: m.community_newsletter_unsubscribe_busy(),
        doneSubtitle: m.community_newsletter_unsubscribe_done_subtitle(),
        invalidSubtitle: m.community_newsletter_link_invalid_subtitle(),
        home: m.community_newsletter_link_home(),
      }}
      action={unsubscribe}
      invalidMessage={messages.newsletter.unsubscribeInvalid}
      invalidHelp={
        <>
          <p className="text-sm text-muted-foreground">{m.community_newsletter_unsubscribe_already_done()}</p>
          <Link to="/" className={linkClasses}>
            {m.community_newsletter_link_home()}
          </Link>
        </>
      }
      done={{
        icon: MailX,
        iconClassName: 'bg-secondary text-secondary-foreground',
        next: (
          <Link to="/community/newsletter" className={linkClasses}>
            {m.community_newsletter_unsubscribe_subscribe_again()}
          </Link>
        ),
      }}
    />
  );
}
