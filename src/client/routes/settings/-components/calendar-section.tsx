import { useMutation } from '@tanstack/react-query';
import { CalendarDays, Copy, Link2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { toast } from '#client/components/ui/toast';
import { m } from '#i18n/messages';
import { errorMessage } from '#client/lib/errors';
import { trpc } from '#client/trpc';
import { FormField, SectionTitle } from './account-kit';

const LINK_ID = 'calendar-link';

/** Selected whole for copying by hand, scrolled back to the link's start (a first focus shows its end). */
function selectAll(input: HTMLInputElement) {
  input.select();
  input.scrollLeft = 0;
}

/**
 * "Your calendar": a private address her calendar app subscribes to, for the events she attends.
 * The server keeps only its hash, so the link is shown once, when she asks for it.
 */
export function CalendarSection() {
  const field = useRef<HTMLInputElement>(null);
  const feed = useMutation(
    trpc.content.events.calendarFeed.mutationOptions({
      onError: (failure) => toast({ title: m.account_profile_failed_title(), description: errorMessage(failure), variant: 'destructive' }),
    }),
  );
  const url = feed.data?.url;
  // Straight to each new link once it is drawn, selected, ready to copy (and read out with its label).
  useEffect(() => {
    if (url) field.current?.focus();
  }, [url]);

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: m.account_calendar_copied(), description: m.account_calendar_copied_body() });
    } catch {
      // Clipboard access can be refused (insecure origin, permissions): the link is selected instead.
      field.current?.focus();
      toast({ title: m.account_calendar_copy_failed(), description: m.account_calendar_copy_failed_body() });
    }
  }

  return (
    <section aria-labelledby="profile-calendar" className="grid gap-4">
      <SectionTitle id="profile-calendar" icon={CalendarDays}>
        {m.account_calendar_title()}
      </SectionTitle>
      <div className="grid gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          {/* The retiring note shows before the first press too: she may have a link from an earlier visit. */}
          <div className="grid min-w-0 flex-1 basis-64 gap-2 text-sm text-muted-foreground">
            <p>{m.account_calendar_hint()}</p>
            <p>{m.account_calendar_retire_note()}</p>
          </div>
          <Button variant="outline" className="w-full sm:w-auto" disabled={feed.isPending} onClick={() => feed.mutate()}>
            <Link2 aria-hidden="true" />
            {feed.isPending ? m.account_calendar_busy() : url ? m.account_calendar_get_again() : m.account_calendar_get()}
          </Button>
        </div>
        {url ? (
          <>
            <hr className="border-border" />
            <FormField id={LINK_ID} label={m.account_calendar_link()}>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  ref={field}
                  id={LINK_ID}
                  readOnly
                  value={url}
                  spellCheck={false}
                  autoComplete="off"
                  className="min-w-0 font-mono text-sm"
                  onFocus={(event) => selectAll(event.currentTarget)}
                />
                <Button variant="secondary" className="w-full sm:w-auto" aria-label={m.account_calendar_copy_label()} onClick={() => void copy()}>
                  <Copy aria-hidden="true" />
                  {m.account_calendar_copy()}
                </Button>
              </div>
            </FormField>
          </>
        ) : null}
      </div>
    </section>
  );
}
