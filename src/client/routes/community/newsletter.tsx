import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CalendarDays, Gift, HeartHandshake, Mail, MailCheck, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages';
import { NEWSLETTER_FREQUENCIES } from '#shared/categories';
import type { NewsletterFrequency } from '#shared/schemas/community';
import { EmailSuggestion } from '#client/components/email-suggestion';
import { Field } from '#client/components/field';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { Input } from '#client/components/ui/input';
import { OptionSelect } from '#client/components/ui/select';
import { toast } from '#client/components/ui/toast';
import { m } from '#i18n/messages';
import { errorMessage } from '#client/lib/errors';
import { describedBy, focusFirstError } from '#client/lib/form-errors';
import { loadCommunitySchemas } from '#client/lib/form-schemas';
import { longDate, longDateUtc } from '#client/lib/formats';
import { useSession } from '#client/lib/session';
import { trpc } from '#client/trpc';
import { CommunityPageHeader } from './-components/page-header';

const newsletterFrequencies = {
  weekly: m.community_newsletter_frequency_weekly,
  biweekly: m.community_newsletter_frequency_biweekly,
  monthly: m.community_newsletter_frequency_monthly,
};

const newsletterReceive = () => [
  { title: m.community_newsletter_receive_updates_title(), body: m.community_newsletter_receive_updates_body() },
  { title: m.community_newsletter_receive_spotlights_title(), body: m.community_newsletter_receive_spotlights_body() },
  { title: m.community_newsletter_receive_exclusive_title(), body: m.community_newsletter_receive_exclusive_body() },
];

const newsletterEditions = () => [
  {
    title: m.community_newsletter_autumn_title(),
    date: '2026-11-02',
    topics: [m.community_newsletter_autumn_topic_1(), m.community_newsletter_autumn_topic_2(), m.community_newsletter_autumn_topic_3()],
  },
  {
    title: m.community_newsletter_school_title(),
    date: '2026-10-05',
    topics: [m.community_newsletter_school_topic_1(), m.community_newsletter_school_topic_2(), m.community_newsletter_school_topic_3()],
  },
  {
    title: m.community_newsletter_summer_title(),
    date: '2026-09-07',
    topics: [m.community_newsletter_summer_topic_1(), m.community_newsletter_summer_topic_2(), m.community_newsletter_summer_topic_3()],
  },
];

/** How many sent issues 'Recent Newsletters' shows. */
const RECENT_ISSUES = 3;

export const Route = createFileRoute('/community/newsletter')({
  loader: ({ context }) => context.queryClient.prefetchQuery(context.trpc.content.newsletter.issues.queryOptions({ limit: RECENT_ISSUES })),
  component: NewsletterPage,
});

const RECEIVE_ICONS = [Sparkles, HeartHandshake, Gift];

function NewsletterPage() {
  return (
    <div className="mx-auto grid max-w-5xl gap-10 px-4 py-8 sm:py-12">
      <CommunityPageHeader title={m.community_newsletter_title()} subtitle={m.community_newsletter_subtitle()} />
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <SubscribeCard />
        <WhatYouReceive />
      </div>
      <RecentNewsletters />
    </div>
  );
}

function SubscribeCard() {
  const { user } = useSession();
  // A member most likely wants the newsletter at her account's address.
  const [email, setEmail] = useState(user?.email ?? '');
  const [frequency, setFrequency] = useState<NewsletterFrequency>('weekly');
  const [error, setError] = useState<string>();
  const subscribe = useMutation(
    trpc.content.newsletter.subscribe.mutationOptions({
      onError: (failure) => toast({ title: messages.newsletter.failedTitle, description: errorMessage(failure), variant: 'destructive' }),
    }),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { NewsletterSubscribeSchema } = await loadCommunitySchemas();
    const parsed = NewsletterSubscribeSchema.safeParse({ email, frequency });
    if (!parsed.success) {
      // Only the address can be wrong here (the frequency is picked from the list).
      const message = parsed.error.issues[0]?.message;
      setError(message);
      focusFirstError({ email: 'newsletter-email' }, { email: message });
      return;
    }
    setError(undefined);
    subscribe.mutate(parsed.data);
  }

  if (subscribe.isSuccess) return <Subscribed message={subscribe.data.message} onAnother={() => subscribe.reset()} />;

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-2xl font-semibold">
          <Mail className="size-6 text-primary" aria-hidden="true" />
          {m.community_newsletter_form_title()}
        </h2>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void submit(event)} onFocus={() => void loadCommunitySchemas()} noValidate className="grid gap-5">
          <Field id="newsletter-email" label={m.community_newsletter_email()} error={error}>
            <Input
              id="newsletter-email"
              type="email"
              autoComplete="email"
              placeholder={m.community_newsletter_email_placeholder()}
              value={email}
              {...describedBy('newsletter-email', { error })}
              onChange={(e) => setEmail(e.target.value)}
            />
            <EmailSuggestion fieldId="newsletter-email" value={email} onAccept={setEmail} />
          </Field>
          <Field id="newsletter-frequency" label={m.community_newsletter_frequency()}>
            <OptionSelect
              id="newsletter-frequency"
              value={frequency}
              options={NEWSLETTER_FREQUENCIES}
              labelOf={(value) => newsletterFrequencies[value]()}
              onValueChange={setFrequency}
            />
          </Field>
          <Button type="submit" size="lg" disabled={subscribe.isPending}>
            {subscribe.isPending ? m.community_newsletter_busy() : m.community_newsletter_submit()}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** The answer that replaces the form; it takes the focus, which the form's button had. */
function Subscribed({ message, onAnother }: { message: string; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card className="border-primary/30 bg-secondary/60">
      <CardContent className="grid justify-items-center gap-4 p-6 text-center sm:p-8" role="status">
        <span className="grid size-14 place-items-center rounded-full bg-primary text-primary-foreground">
          <MailCheck className="size-7" aria-hidden="true" />
        </span>
        <h2 ref={heading} tabIndex={-1} className="text-2xl font-semibold outline-none">
          {m.community_newsletter_check_inbox_title()}
        </h2>
        {/* Double opt-in: nothing counts until she opens the mailed link, and the server's message says so. */}
        <p className="max-w-md [overflow-wrap:anywhere] text-secondary-foreground">{message}</p>
        <p className="max-w-md text-sm text-muted-foreground">{m.community_newsletter_check_inbox_hint()}</p>
        <Button variant="outline" onClick={onAnother}>
          {m.community_newsletter_subscribe_another()}
        </Button>
      </CardContent>
    </Card>
  );
}

function WhatYouReceive() {
  return (
    <section aria-labelledby="receive-title" className="grid content-start gap-4">
      <h2 id="receive-title" className="text-2xl font-semibold">
        {m.community_newsletter_receive_title()}
      </h2>
      <ul className="grid gap-3">
        {newsletterReceive().map((item, index) => {
          const Icon = RECEIVE_ICONS[index] ?? Sparkles;
          return (
            <li key={item.title} className="flex gap-3 rounded-2xl border border-border bg-card p-4">
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-secondary text-secondary-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-sans text-base font-semibold">{item.title}</h3>
                <p className="text-sm text-muted-foreground">{item.body}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The latest sent issues, each opening its page in the archive; SPEC.md's three fixed editions
 * only while none has been sent (or the archive can't be read).
 */
function RecentNewsletters() {
  const issues = useQuery(trpc.content.newsletter.issues.queryOptions({ limit: RECENT_ISSUES }));
  const sent = issues.data ?? [];
  return (
    <section aria-labelledby="recent-title" className="grid gap-4" aria-busy={issues.isPending}>
      <h2 id="recent-title" className="text-2xl font-semibold">
        {m.community_newsletter_recent_title()}
      </h2>
      {issues.isPending ? null : sent.length > 0 ? (
        <ul className="grid gap-4 md:grid-cols-3">
          {sent.map((issue) => (
            <li key={issue.id}>
              <Card className="relative h-full transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
                <CardHeader>
                  <p className="flex items-center gap-2 text-sm text-muted-foreground">
                    <CalendarDays className="size-4" aria-hidden="true" />
                    <time dateTime={new Date(issue.sentAt).toISOString()}>{longDate(new Date(issue.sentAt))}</time>
                  </p>
                  <CardTitle>
                    {/* The whole card opens the issue; the title is the link. */}
                    <Link to="/community/newsletter/$id" params={{ id: String(issue.id) }} className="outline-none after:absolute after:inset-0 after:content-['']">
                      {issue.subject}
                    </Link>
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{issue.excerpt}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <FixedEditions />
      )}
    </section>
  );
}

function FixedEditions() {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {newsletterEditions().map((edition) => (
        <li key={edition.title}>
          <Card className="h-full">
            <CardHeader>
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <CalendarDays className="size-4" aria-hidden="true" />
                <time dateTime={edition.date}>{longDateUtc(new Date(edition.date))}</time>
              </p>
              <CardTitle>{edition.title}</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="sr-only">{m.community_newsletter_topics()}</p>
              <ul className="flex flex-wrap gap-2">
                {edition.topics.map((topic) => (
                  <li key={topic} className="rounded-full bg-muted px-3 py-1 text-xs font-medium text-muted-foreground">
                    {topic}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
