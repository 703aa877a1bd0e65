import { dismissToast, showToast } from './toast-store';

export { dismissToast, showToast, TOAST_DURATION_MS, type Toast, type ToastTone } from './toast-store';
export { ToastViewport } from './toast-viewport';

/** The toast actions for components; the same functions are usable outside React as `showToast`. */
export function useToast() {
  return { showToast, dismissToast };
}
