import { toast, type ToastInput } from './toast';

/**
 * A toast across a full page load: the page that leaves stores it for this browser tab, the page
 * that opens shows it. Apart from the toasts themselves, so only the pages that use it load it.
 */

/** Where a toast waits across a full page load (this tab only). */
const CARRIED_TOAST_KEY = 'carried-toast';

/** A toast for the page a full page load is about to open; that page shows it with showCarriedToast. */
export function toastAfterLoad(input: ToastInput): void {
  try {
    sessionStorage.setItem(CARRIED_TOAST_KEY, JSON.stringify(input));
  } catch {
    // Storage can be unavailable (private mode): the toast is lost, nothing else.
  }
}

/** Shows (once) the toast the page before the load left with toastAfterLoad. */
export function showCarriedToast(): void {
  let carried: string | null;
  try {
    carried = sessionStorage.getItem(CARRIED_TOAST_KEY);
    sessionStorage.removeItem(CARRIED_TOAST_KEY);
  } catch {
    return;
  }
  if (!carried) return;
  try {
    const input = JSON.parse(carried) as ToastInput;
    if (typeof input.title === 'string') toast({ title: input.title, description: typeof input.description === 'string' ? input.description : undefined, variant: input.variant });
  } catch {
    // Not ours to show.
  }
}
