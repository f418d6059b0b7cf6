import type { ReactNode } from 'react';
import { ConfirmDialog } from './ui/alert-dialog';
import { Button } from './ui/button';

export interface ConfirmDeleteTexts {
  title: string;
  body: string;
  cancel: string;
  confirm: string;
  busy: string;
}

/**
 * A delete that asks first. The dialog stays open until the server has answered, so a
 * failure is seen where it happened; the caller closes it on success.
 */
export function ConfirmDelete({
  trigger,
  texts,
  open,
  onOpenChange,
  pending,
  onConfirm,
}: {
  trigger?: ReactNode;
  texts: ConfirmDeleteTexts;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog open={open} onOpenChange={onOpenChange} pending={pending} trigger={trigger} title={texts.title} description={texts.body} cancel={texts.cancel}>
      <Button variant="destructive" disabled={pending} onClick={onConfirm}>
        {pending ? texts.busy : texts.confirm}
      </Button>
    </ConfirmDialog>
  );
}
