import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { forgetFarewell, hasFarewell } from '../../lib/storage';
import styles from './farewell-notice.module.css';

/** Long enough to outlast the sign-out's redirect, so the page she lands on still says goodbye. */
const FORGET_AFTER_MS = 8000;

/** On the landing page right after she deleted her account: what happened, and a kind goodbye. */
export function FarewellNotice() {
  // Read after mount: the landing page is prerendered, and its first render must match that HTML.
  const [shown, setShown] = useState(false);
  const intl = useIntl();
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
        <strong>
          <FormattedMessage id="account.farewell.title" />
        </strong>{' '}
        <FormattedMessage id="account.farewell.text" />
      </p>
      <button
        type="button"
        className={styles.close}
        aria-label={intl.formatMessage({ id: 'account.farewell.dismiss' })}
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
