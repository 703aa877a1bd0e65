import { useState } from 'react';
import { takeFarewell } from '../../lib/storage';
import './account.css';

/** On the landing page right after she deleted her account, once: what happened, and a kind goodbye. */
export function FarewellNotice() {
  const [shown, setShown] = useState(takeFarewell);
  if (!shown) return null;
  return (
    <div className="farewell-notice" role="status">
      <p>
        <strong>Your Bloom account has been deleted.</strong> Everything we held about you is gone, and any
        subscription is cancelled. Thank you for blooming with us. Take good care of yourself.
      </p>
      <button
        type="button"
        className="farewell-notice__close"
        aria-label="Dismiss"
        onClick={() => setShown(false)}
      >
        ×
      </button>
    </div>
  );
}
