/**
 * One toast at a time (docs/rules.md#screens): a new toast replaces the one on screen. Kept outside React so
 * that any code, including non-component modules such as the API client, can call `showToast`.
 */
export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

type Listener = (toast: Toast | null) => void;

const listeners = new Set<Listener>();
let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

/** How long a toast stays, long enough to read a sentence twice; errors stay a little longer. */
export const TOAST_DURATION_MS: Record<ToastTone, number> = { info: 5000, success: 4000, error: 7000 };

function publish(toast: Toast | null): void {
  current = toast;
  for (const listener of listeners) listener(toast);
}

export function showToast(message: string, tone: ToastTone = 'info'): void {
  clearTimeout(timer);
  const toast = { id: nextId++, message, tone };
  publish(toast);
  timer = setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS[tone]);
}

/** Dismisses the toast on screen; with an id, only if that toast is still the one showing. */
export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  publish(null);
}

export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToast(): Toast | null {
  return current;
}
