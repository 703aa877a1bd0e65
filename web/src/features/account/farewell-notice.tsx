import { useEffect, useState } from 'react';
import { forgetFarewell, hasFarewell } from '../../lib/storage';
import styles from './farewell-notice.module.css';

/** Long enough to outlast the sign-out's redirect, so the page she lands on still says goodbye. */
const FORGET_AFTER_MS = 8000;

/** On the landing page right after she deleted her account: what happened, and a kind goodbye. */
export function FarewellNotice() {
  // Read after mount: the landing page is prerendered, and its first render must match that HTML.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!hasFarewell()) return;
    setShown(true);
    const timer = setTimeout(forgetFarewell, FORGET_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <div className={styles.notice} role="status">
      <p>
        <strong>Your Bloom account has been deleted.</strong> Everything we held about you is gone, and any
        subscription is cancelled. Thank you for blooming with us. Take good care of yourself.
      </p>
      <button
        type="button"
        className={styles.close}
        aria-label="Dismiss"
        onClick={() => {
          forgetFarewell();
          setShown(false);
        }}
      >
        ×
      </button>
    </div>
  );
}
