import { Toast as ToastPrimitive } from 'radix-ui';
import { Link } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { getLocale } from '#i18n/runtime';
import { m } from '#i18n/messages';
import { directionOf } from '#shared/i18n/locale';
import { cn } from '#client/lib/utils';
import { dismiss, useToasts } from './toast';

// Toasts: visible 5 s, swiped past 50 px toward the screen's edge (right, or left on Arabic
// pages) to dismiss, F8 focuses the viewport labelled 'Notifications'. On phones they sit at the
// top, compact: at the bottom they covered the buttons forms end with (Add Comment, Publish Post).
const TOAST_DURATION_MS = 5000;

/**
 * Escape closes an open dialog before a toast: a toast raised while a dialog is open (a
 * comment added) is the newest layer and would take the first Escape. The toast stays, and
 * the topmost dialog closes through its own close or cancel button.
 */
function closeDialogFirst(event: KeyboardEvent) {
  const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]');
  const close = dialogs[dialogs.length - 1]?.querySelector<HTMLElement>('[data-dialog-close]');
  if (!close) return;
  event.preventDefault();
  close.click();
}

export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection={directionOf(getLocale()) === 'rtl' ? 'left' : 'right'} swipeThreshold={50}>
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismiss(item.id)}
          onEscapeKeyDown={closeDialogFirst}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-3 pe-10 shadow-lg sm:p-4 sm:pe-10 data-[state=open]:animate-toast-in data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
            item.variant === 'destructive' ? 'border-destructive bg-destructive text-destructive-foreground' : 'border-border bg-card text-card-foreground',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description ? <ToastPrimitive.Description className="text-sm opacity-90">{item.description}</ToastPrimitive.Description> : null}
            {item.action ? (
              <ToastPrimitive.Action altText={item.action.label} asChild>
                <Link to={item.action.to} onClick={() => dismiss(item.id)} className="mt-1 inline-flex h-9 w-fit items-center rounded-full border border-current px-4 text-sm font-semibold underline-offset-4 hover:underline">
                  {item.action.label}
                </Link>
              </ToastPrimitive.Action>
            ) : null}
          </div>
          <ToastPrimitive.Close aria-label={m.common_close()} className="absolute end-2 top-2 rounded-full p-1 opacity-80 hover:opacity-100">
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        label={m.common_notifications()}
        className="fixed top-0 end-0 z-[100] flex w-full flex-col gap-2 p-3 outline-none sm:top-auto sm:bottom-0 sm:max-w-sm sm:p-4"
      />
    </ToastPrimitive.Provider>
  );
}
