import { useMutation } from '@tanstack/react-query';
import { LifeBuoy } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages';
import { REPORT_REASONS, type ReportReason } from '#shared/moderation';
import { ReportSchema } from '#shared/schemas/moderation';
import { m } from '#i18n/messages';
import { errorMessage } from '#client/lib/errors';
import { trpc } from '#client/trpc';
import { Button } from '../ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog';
import { Label } from '../ui/label';
import { Textarea } from '../ui/textarea';
import { toast } from '../ui/toast';
import { focusBack, type ReportTarget, type SafetyDialogProps } from './types';
import { TEXT_LIMITS } from '#shared/limits';
import { countedLength } from '../character-count';
import { cn } from '#client/lib/utils';
import { REPORT_REASON_LABELS } from '#client/lib/labels';


const DETAILS_MAX = TEXT_LIMITS.reportDetails;

/** Report a post, comment, listing or member: a reason, a few optional words, then the moderators' queue. */
export default function ReportDialog({ target, open, onOpenChange, returnFocus }: SafetyDialogProps & { target: ReportTarget }) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason>();
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string>();

  function close(next: boolean) {
    if (!next) {
      setReason(undefined);
      setDetails('');
      setError(undefined);
    }
    onOpenChange(next);
  }

  const report = useMutation(
    trpc.content.reports.create.mutationOptions({
      onSuccess: (result) => {
        toast({ title: m.safety_report_sent_title(), description: result.message });
        close(false);
      },
      // Stays open so nothing she wrote is lost; the reason shows in the dialog too, since the modal hides the toast from screen readers.
      onError: (failure) => {
        setError(errorMessage(failure));
        toast({ title: messages.comments.errorTitle, description: errorMessage(failure), variant: 'destructive' });
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setError(m.safety_report_reason_required());
      // To the choices the message is about (it shows right under them).
      requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`input[name="${id}-reason"]`)?.focus());
      return;
    }
    const parsed = ReportSchema.safeParse({ targetType: target.type, targetId: target.id, reason, details });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    report.mutate(parsed.data);
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent onCloseAutoFocus={focusBack(returnFocus)}>
        <DialogHeader>
          <DialogTitle>{target.title}</DialogTitle>
          <DialogDescription>{m.safety_report_description()}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <fieldset className="grid gap-1.5" aria-describedby={error ? `${id}-error` : undefined}>
            <legend className="mb-2 text-sm font-semibold">{m.safety_report_reason_legend()}</legend>
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-secondary/60 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
              >
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setError(undefined);
                  }}
                  className="size-4 shrink-0 accent-primary focus-visible:outline-none"
                />
                {REPORT_REASON_LABELS[value]()}
              </label>
            ))}
            {error ? (
              <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
          </fieldset>
          {/* Said as soon as it is chosen: where to get help now, before any form. */}
          <div aria-live="polite">
            {reason === 'self-harm' ? (
              <p className="flex gap-2.5 rounded-xl bg-accent px-3 py-2.5 text-sm text-accent-foreground">
                <LifeBuoy className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {m.safety_report_self_harm_help()}
              </p>
            ) : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-details`}>{m.safety_report_details()}</Label>
            <Textarea
              id={`${id}-details`}
              rows={3}
              dir="auto"
              value={details}
              aria-describedby={`${id}-count`}
              onChange={(e) => setDetails(e.target.value)}
            />
            <p id={`${id}-count`} aria-live="polite" className={cn('justify-self-end text-xs tabular-nums', countedLength(details) > DETAILS_MAX ? 'font-medium text-destructive' : 'text-muted-foreground')}>
              {m.safety_report_details_count({ length: countedLength(details), max: DETAILS_MAX })}
            </p>
          </div>
          <DialogFooter className="mt-0">
            <DialogClose asChild>
              <Button variant="outline">{m.safety_cancel()}</Button>
            </DialogClose>
            <Button type="submit" disabled={report.isPending}>
              {report.isPending ? m.safety_report_busy() : m.safety_report_submit()}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
