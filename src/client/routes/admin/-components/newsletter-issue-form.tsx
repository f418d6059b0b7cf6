import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { getLocale } from '#i18n/runtime';
import { TEXT_LIMITS } from '#shared/limits';
import { directionOf } from '#shared/i18n/locale';
import { NEWSLETTER_FREQUENCIES, NewsletterIssueSchema, type NewsletterFrequency } from '#shared/schemas/community';
import { Field } from '#client/components/field';
import { DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select';
import { m } from '#i18n/messages';
import { trpc } from '#client/trpc';
import { adminListOptions, fieldA11y, useFormValues, useSaveCallbacks, validate } from './admin-kit';
import { TextField } from './fields';
import { DialogButtons } from './item-card';
import { MarkdownEditor } from './markdown-editor';

const newsletterIssuesFrequencies = {
  weekly: m.admin_frequency_weekly,
  biweekly: m.admin_frequency_biweekly,
  monthly: m.admin_frequency_monthly,
};

/** Double opt-in: addresses that haven't opened their confirmation link get no issue. */
const newsletterIssuesAudienceHint = (unconfirmed: number) => (unconfirmed ? `${m.admin_issues_audience_hint()} ${m.admin_issues_unconfirmed({ count: unconfirmed })}` : m.admin_issues_audience_hint());

/** Who a send reaches: asked again whenever a form or a send confirmation opens, since subscribers confirm at any time. */
export const audienceQuery = { ...trpc.admin.newsletter.issues.audience.queryOptions(), ...adminListOptions, refetchOnMount: 'always' as const };

/** How many confirmed subscribers an issue of this frequency reaches (undefined while unknown). */
export function useReach() {
  const audience = useQuery(audienceQuery);
  return {
    unconfirmed: audience.data?.unconfirmed,
    reachOf: (frequency: NewsletterFrequency) => (audience.data ? (audience.data.confirmed[frequency] ?? 0) : undefined),
  };
}

/** The 'Write an issue' dialog's form; saved as a draft, which the list then offers to test and send. */
export function NewsletterIssueForm({ onDone }: { onDone: () => void }) {
  const { values, set, errors, setErrors } = useFormValues({ subject: '', markdown: '', frequency: '' as NewsletterFrequency | '' });
  const { unconfirmed, reachOf } = useReach();
  const saved = useSaveCallbacks(onDone, trpc.admin.newsletter.issues.pathFilter());
  const create = useMutation(trpc.admin.newsletter.issues.create.mutationOptions(saved(m.admin_issues_saved())));

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(NewsletterIssueSchema, values);
    if (result.errors) return setErrors(result.errors);
    create.mutate(result.data);
  }

  const labelOf = (frequency: NewsletterFrequency) => {
    const reach = reachOf(frequency);
    return reach === undefined ? newsletterIssuesFrequencies[frequency]() : `${newsletterIssuesFrequencies[frequency]()} · ${m.admin_newsletter_count({ count: reach })}`;
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{m.admin_issues_write()}</DialogTitle>
        <DialogDescription>{m.admin_issues_form_description()}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-5">
        <div className="grid items-start gap-4 md:grid-cols-[1fr_18rem]">
          <TextField id="newsletter-issue-subject" label={m.admin_issues_subject()} limit={TEXT_LIMITS.newsletterSubject} value={values.subject} error={errors.subject} onChange={(v) => set('subject', v)} />
          <Field id="newsletter-issue-frequency" label={m.admin_issues_frequency()} hint={newsletterIssuesAudienceHint(unconfirmed ?? 0)} error={errors.frequency}>
            <Select value={values.frequency || undefined} onValueChange={(v) => set('frequency', v as NewsletterFrequency)} dir={directionOf(getLocale())}>
              <SelectTrigger {...fieldA11y('newsletter-issue-frequency', errors.frequency, true)}>
                <SelectValue placeholder={m.admin_issues_frequency_placeholder()} />
              </SelectTrigger>
              <SelectContent>
                {NEWSLETTER_FREQUENCIES.map((frequency) => (
                  <SelectItem key={frequency} value={frequency}>
                    {labelOf(frequency)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
        </div>
        <MarkdownEditor value={values.markdown} error={errors.markdown} onChange={(v) => set('markdown', v)} />
      </div>
      <DialogButtons creating pending={create.isPending} onCancel={onDone} createLabel={m.admin_issues_save()} updateLabel={m.admin_issues_save()} />
    </form>
  );
}
