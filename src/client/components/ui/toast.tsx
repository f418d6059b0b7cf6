import { Toast as ToastPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '../../lib/utils';

// SPEC.md §9: one toast at a time, visible 5 s, removed 1,000,000 ms after it closes,
// swipe right past 50 px to dismiss, F8 focuses the viewport labelled 'Notifications'.
const TOAST_LIMIT = 1;
const TOAST_DURATION_MS = 5000;
const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let nextId = 0;
let items: ToastItem[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function dismiss(id: number) {
  items = items.map((item) => (item.id === id ? { ...item, open: false } : item));
  emit();
  setTimeout(() => {
    items = items.filter((item) => item.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

/** Shows a toast from anywhere (components, mutation callbacks); a new one replaces the old. */
export function toast(input: ToastInput): { dismiss: () => void } {
  const id = ++nextId;
  items = [{ ...input, id, open: true }, ...items.filter((item) => item.open)].slice(0, TOAST_LIMIT);
  emit();
  return { dismiss: () => dismiss(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster() {
  const toasts = useSyncExternalStore(subscribe, () => items);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismiss(item.id)}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pe-10 shadow-lg data-[state=open]:animate-toast-in data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
            item.variant === 'destructive' ? 'border-destructive bg-destructive text-destructive-foreground' : 'border-border bg-card text-card-foreground',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description ? <ToastPrimitive.Description className="text-sm opacity-90">{item.description}</ToastPrimitive.Description> : null}
          </div>
          <ToastPrimitive.Close aria-label="Close" className="absolute end-2 top-2 rounded-full p-1 opacity-80 hover:opacity-100">
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        label="Notifications"
        className="fixed bottom-0 end-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
