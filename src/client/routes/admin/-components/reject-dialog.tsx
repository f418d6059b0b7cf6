import type { FormEvent } from 'react';
import { TEXT_LIMITS } from '#shared/limits';
import { ApprovalSchema } from '#shared/schemas/admin';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog';
import { m } from '#i18n/messages';
import { fullName, useFormValues, validate } from './admin-kit';
import { TextAreaField } from './fields';

export type Applicant = { id: number; firstName: string; lastName: string };

/**
 * Not approving an applicant, with an optional reason her mail carries. It stays open while the
 * call runs; closing unmounts the form, which resets it.
 */
export function RejectDialog({
  applicant,
  pending,
  onClose,
  onConfirm,
}: {
  applicant: Applicant | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (input: { userId: number; isApproved: false; reason?: string }) => void;
}) {
  return (
    <Dialog open={applicant !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      {applicant ? (
        <DialogContent className="max-w-xl">
          <RejectForm applicant={applicant} pending={pending} onCancel={onClose} onConfirm={onConfirm} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function RejectForm({
  applicant,
  pending,
  onCancel,
  onConfirm,
}: {
  applicant: Applicant;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (input: { userId: number; isApproved: false; reason?: string }) => void;
}) {
  const { values, set, errors, setErrors } = useFormValues({ reason: '' });

  function submit(event: FormEvent) {
    event.preventDefault();
    // The server's own rule and message (at most 500 characters).
    const result = validate(ApprovalSchema, { userId: applicant.id, isApproved: false, reason: values.reason });
    if (result.errors) return setErrors(result.errors);
    onConfirm({ userId: applicant.id, isApproved: false, reason: result.data.reason || undefined });
  }

  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{m.admin_pending_reject_title({ name: fullName(applicant) })}</DialogTitle>
        <DialogDescription>{m.admin_pending_reject_body()}</DialogDescription>
      </DialogHeader>
      <TextAreaField
        id="reject-reason"
        label={m.admin_pending_reject_reason()}
        hint={m.admin_pending_reject_reason_hint()}
        rows={4}
        limit={TEXT_LIMITS.approvalReason}
        value={values.reason}
        error={errors.reason}
        onChange={(v) => set('reason', v)}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {m.admin_common_cancel()}
        </Button>
        <Button type="submit" variant="destructive" disabled={pending}>
          {pending ? m.admin_pending_rejecting() : m.admin_pending_reject_confirm()}
        </Button>
      </DialogFooter>
    </form>
  );
}
