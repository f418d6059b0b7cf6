import type { ComponentProps, ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './ui/alert-dialog';

/**
 * A question before an action that can't be taken back (delete, block, send): an alert dialog,
 * which a stray click outside doesn't close. While the call runs (`pending`) it stays open and
 * Cancel waits, so a failure is seen where it happened; the caller closes it on success.
 * `children` is the confirming button.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  pending = false,
  trigger,
  title,
  description,
  cancel,
  content,
  titleProps,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending?: boolean;
  /** The button that opens it, when it isn't opened from elsewhere. */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  cancel: string;
  content?: ComponentProps<typeof AlertDialogContent>;
  titleProps?: ComponentProps<typeof AlertDialogTitle>;
  children: ReactNode;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent {...content}>
        <AlertDialogHeader>
          <AlertDialogTitle {...titleProps}>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancel}</AlertDialogCancel>
          {children}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
