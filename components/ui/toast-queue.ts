import type { toast as sonnerToast } from 'sonner';

export type Show = (toast: typeof sonnerToast) => void;

/**
 * Toasts asked for before the toaster is there wait here. The toaster (toaster-host.tsx) loads after the page's
 * load event, or at once when a toast is asked for; it sets `deliver` and `load`.
 */
export const toastQueue: { pending: Show[]; deliver: ((show: Show) => void) | null; load: (() => void) | null } = {
  pending: [],
  deliver: null,
  load: null,
};

/** Shows a toast through sonner's `toast` once the toaster is there: `notify((t) => t.success('Added to cart'))`. */
export function notify(show: Show): void {
  if (toastQueue.deliver) return toastQueue.deliver(show);
  toastQueue.pending.push(show);
  toastQueue.load?.();
}

/** sonner's success and error toasts through the queue: `toast.success('Profile updated')`. */
export const toast = {
  success: (...args: Parameters<typeof sonnerToast.success>) => notify((t) => t.success(...args)),
  error: (...args: Parameters<typeof sonnerToast.error>) => notify((t) => t.error(...args)),
};
