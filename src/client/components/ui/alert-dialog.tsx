import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#client/lib/utils';
import { buttonVariants } from './button';
import { dialogPanelClasses, overlayClasses } from './dialog';

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export function AlertDialogContent({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className={overlayClasses} />
      <AlertDialogPrimitive.Content className={cn(dialogPanelClasses, className)} {...props} />
    </AlertDialogPrimitive.Portal>
  );
}

export function AlertDialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mb-4 flex flex-col gap-2', className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return <AlertDialogPrimitive.Title className={cn('text-xl font-semibold', className)} {...props} />;
}

export function AlertDialogDescription({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return <AlertDialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export function AlertDialogCancel({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  // data-dialog-close: what Escape presses when a toast sits above the dialog (toaster.tsx).
  return <AlertDialogPrimitive.Cancel data-dialog-close="" className={cn(buttonVariants({ variant: 'outline' }), className)} {...props} />;
}

/** Note: Action closes the dialog on click; for async deletes use a plain destructive Button instead. */
export function AlertDialogAction({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Action>) {
  return <AlertDialogPrimitive.Action className={cn(buttonVariants({ variant: 'destructive' }), className)} {...props} />;
}

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
