import { clsx } from 'clsx';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import styles from './toast.module.css';
import { currentToast, dismissToast, subscribeToToasts, type Toast, type ToastTone } from './toast-store';

const TONE_CLASS: Record<ToastTone, string | undefined> = {
  info: undefined,
  success: styles.success,
  error: styles.error,
};

function ToastCard({ toast }: { toast: Toast }) {
  const intl = useIntl();
  return (
    <div className={clsx(styles.toast, TONE_CLASS[toast.tone])}>
      <p className={styles.message}>{toast.message}</p>
      <button
        type="button"
        className={styles.close}
        aria-label={intl.formatMessage({ id: 'components.toast.dismiss' })}
        onClick={() => dismissToast()}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * Where toasts appear. Both live regions exist from the start (screen readers only announce changes to regions
 * that were already in the page): errors go to the assertive `alert` region, the rest to the polite `status` one.
 * Rendered into <body> so an open dialog (which makes the app inert) does not hide it.
 */
export function ToastViewport() {
  const toast = useSyncExternalStore(subscribeToToasts, currentToast, () => null);
  // Portals need <body>: mount after hydration (the prerendered page has no toasts).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return createPortal(
    <div className={styles.viewport}>
      <div role="status" aria-live="polite">
        {toast && toast.tone !== 'error' ? <ToastCard key={toast.id} toast={toast} /> : null}
      </div>
      <div role="alert">
        {toast && toast.tone === 'error' ? <ToastCard key={toast.id} toast={toast} /> : null}
      </div>
    </div>,
    document.body,
  );
}
