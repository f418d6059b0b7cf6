import { useSyncExternalStore } from 'react';

// One toast at a time, removed 1,000,000 ms after it closes. The radix UI that
// shows them (toaster.tsx) loads after first paint; toasts raised before it arrives wait here.
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** A way on from what the toast says, e.g. 'Sign In' for a visitor who tried a member action. */
  action?: { label: string; to: '/login' };
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

/** No toasts: the server's answer and the browser's first (the same array, so hydrating a server-rendered page changes nothing). */
const NO_TOASTS: ToastItem[] = [];

let nextId = 0;
let items = NO_TOASTS;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function dismiss(id: number) {
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

/** The toasts to show, for the Toaster (none in a page the server renders). */
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => items, () => NO_TOASTS);
}

