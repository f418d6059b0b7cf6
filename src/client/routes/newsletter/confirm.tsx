import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { messages } from '#shared/messages';
import { Button } from '#client/components/ui/button';
import { m } from '#i18n/messages';
import { queryClient, trpc } from '#client/trpc';
import { linkClasses, NewsletterLinkPage } from './-components/newsletter-link-page';

export const Route = createFileRoute('/newsletter/confirm')({
  // Written here, not imported: what the route itself imports loads with the route tree, not with the page.
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' || typeof search.token === 'number' ? { token: String(search.token) } : {},
  component: ConfirmSubscriptionPage,
});

/** /newsletter/confirm?token=…: the link from the confirmation mail (double opt-in). */
function ConfirmSubscriptionPage() {
  const { token } = Route.useSearch();
  const confirm = useMutation(
    trpc.content.newsletter.confirm.mutationOptions({
      // A member's newsletter settings show whether she is subscribed.
      onSuccess: () => queryClient.invalidateQueries(trpc.auth.account.pathFilter()),
    }),
  );
  return (
    <NewsletterLinkPage
      token={token}
      copy={{
        title: m.community_newsletter_confirm_title(),
        subtitle: m.community_newsletter_confirm_subtitle(),
        body: m.community_newsletter_confirm_body(),
        submit: m.community_newsletter_confirm_submit(),
        busy: m.community_newsletter_confirm_busy(),
        doneSubtitle: m.community_newsletter_confirm_done_subtitle(),
        invalidSubtitle: m.community_newsletter_link_invalid_subtitle(),
        home: m.community_newsletter_link_home(),
      }}
      action={confirm}
      invalidMessage={messages.newsletter.confirmInvalid}
      invalidHelp={
        <>
          <p className="text-sm text-muted-foreground">{m.community_newsletter_confirm_ask_again()}</p>
          <Button asChild size="lg">
            <Link to="/community/newsletter">{m.community_newsletter_confirm_subscribe_again()}</Link>
          </Button>
        </>
      }
      done={{
        icon: MailCheck,
        iconClassName: 'bg-primary text-primary-foreground',
        next: (
          <Link to="/" className={linkClasses}>
            {m.community_newsletter_link_home()}
          </Link>
        ),
      }}
    />
  );
}
