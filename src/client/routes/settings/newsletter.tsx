import { useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { NEWSLETTER_FREQUENCIES } from '#shared/categories';
import { Button } from '#client/components/ui/button';
import { Label } from '#client/components/ui/label';
import { Skeleton } from '#client/components/ui/skeleton';
import { toast } from '#client/components/ui/toast';
import { m } from '#i18n/messages';
import { errorMessage } from '#client/lib/errors';
import { useSession } from '#client/lib/session';
import { queryClient, trpc, type RouterOutputs } from '#client/trpc';
import { SignInNotice } from '../community/-components/sign-in-notice';
import { FormNotice, LoadFailed, loadAccountSchemas, SectionTitle, SettingsPage } from './-components/account-kit';
import { Switch } from './-components/switch';

const newsletterFrequencies = {
  weekly: m.account_newsletter_weekly,
  biweekly: m.account_newsletter_biweekly,
  monthly: m.account_newsletter_monthly,
};

export const Route = createFileRoute('/settings/newsletter')({
  loader: ({ context }) => {
    // Members only: a visitor's page is the sign-in prompt and asks for nothing.
    if (!context.queryClient.getQueryData(context.trpc.auth.session.queryKey())) return;
    void context.queryClient.prefetchQuery(context.trpc.auth.account.newsletter.queryOptions());
  },
  component: NewsletterSettingsPage,
});

type Settings = RouterOutputs['auth']['account']['newsletter'];
type Frequency = Settings['frequency'];

/** /settings/newsletter: whether and how often the newsletter comes to her account's email. */
function NewsletterSettingsPage() {
  const { user } = useSession();
  return (
    <SettingsPage title={m.account_newsletter_title()} subtitle={m.account_newsletter_subtitle()}>
      {user ? <NewsletterSection /> : <SignInNotice prompt={m.account_newsletter_sign_in_title()} />}
    </SettingsPage>
  );
}

function NewsletterSection() {
  const settings = useQuery(trpc.auth.account.newsletter.queryOptions());
  return (
    <section aria-labelledby="newsletter-title" aria-busy={settings.isPending} className="grid gap-4">
      <SectionTitle id="newsletter-title" icon={Mail}>
        {m.account_newsletter_card_title()}
      </SectionTitle>
      {settings.isPending ? (
        <Skeleton className="h-56 rounded-2xl" />
      ) : settings.isError ? (
        <LoadFailed message={m.account_load_failed()} retry={m.account_retry()} onRetry={() => void settings.refetch()} />
      ) : (
        // Keyed by what the server holds, so a new answer starts the form from it.
        <NewsletterForm key={`${settings.data.email}:${settings.data.subscribed}:${settings.data.frequency}`} saved={settings.data} />
      )}
    </section>
  );
}

function NewsletterForm({ saved }: { saved: Settings }) {
  const [subscribed, setSubscribed] = useState(saved.subscribed);
  const [frequency, setFrequency] = useState<Frequency>(saved.frequency);
  const [error, setError] = useState<string>();

  const save = useMutation(
    trpc.auth.account.setNewsletter.mutationOptions({
      onSuccess: (result) => {
        toast({ title: result.message });
        queryClient.setQueryData(trpc.auth.account.newsletter.queryKey(), { email: result.email, subscribed: result.subscribed, frequency: result.frequency });
      },
      onError: (failure) => setError(errorMessage(failure)),
    }),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { NewsletterSettingsSchema } = await loadAccountSchemas();
    const parsed = NewsletterSettingsSchema.safeParse({ subscribed, frequency });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data);
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadAccountSchemas()}
      noValidate
      className="grid gap-6 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      {error ? <FormNotice kind="error">{error}</FormNotice> : null}
      <p className="text-sm text-muted-foreground">{m.account_newsletter_sent_to({ email: saved.email })}</p>
      <div className="flex items-center justify-between gap-4 rounded-xl bg-muted/60 px-4 py-3">
        <div className="grid gap-0.5">
          <Label htmlFor="newsletter-subscribed">{m.account_newsletter_subscribed()}</Label>
          <span className="text-sm text-muted-foreground">{subscribed ? m.account_newsletter_subscribed_on() : m.account_newsletter_subscribed_off()}</span>
        </div>
        <Switch id="newsletter-subscribed" checked={subscribed} onCheckedChange={setSubscribed} />
      </div>
      {/* How often only means something while she is subscribed. */}
      {subscribed ? (
        <fieldset className="grid gap-3">
          <legend className="mb-3 text-sm font-semibold">{m.account_newsletter_frequency()}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {NEWSLETTER_FREQUENCIES.map((option) => (
              <label
                key={option}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-input bg-card px-4 py-3 text-sm font-medium has-[:checked]:border-primary has-[:checked]:bg-secondary has-[:checked]:text-secondary-foreground has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ring"
              >
                <input
                  type="radio"
                  name="frequency"
                  value={option}
                  checked={frequency === option}
                  onChange={() => setFrequency(option)}
                  className="size-4 accent-[var(--color-primary)]"
                />
                {newsletterFrequencies[option]()}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Link to="/community/newsletter" className="text-sm font-semibold text-primary underline-offset-4 hover:underline">
          {m.account_newsletter_about()}
        </Link>
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={save.isPending}>
          {save.isPending ? m.account_saving() : m.account_newsletter_submit()}
        </Button>
      </div>
    </form>
  );
}
