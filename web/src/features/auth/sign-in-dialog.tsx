import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { CheckMark } from '../../components/check-mark';
import { Dialog } from '../../components/dialog';
import { FinePrint } from '../../components/fine-print';
import { useAuth } from '../../lib/auth';
import styles from './sign-in-dialog.module.css';

const PROMISES = ['card', 'instant', 'free'] as const;

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 6.9-10.3 6.9-17.7z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.2 1.5-5 2.3-8.2 2.3-6.2 0-11.5-4.1-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

/**
 * Sign in with Google (the only way in). The button reads "Creating your sanctuary..." and is disabled while
 * the redirect starts; if it cannot start, the failure is logged and the button is enabled again
 * (docs/rules.md#screens).
 */
export function SignInDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { signIn } = useAuth();
  const [busy, setBusy] = useState(false);

  const onSignIn = async () => {
    setBusy(true);
    try {
      await signIn();
    } catch (error) {
      console.error('Sign-in failed', error);
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={<FormattedMessage id="auth.signIn.title" />}
      description={<FormattedMessage id="auth.signIn.description" />}
      size="small"
    >
      <ul className={styles.promises}>
        {PROMISES.map((promise) => (
          <li key={promise}>
            <CheckMark />
            <FormattedMessage id={`auth.signIn.promise.${promise}`} />
          </li>
        ))}
      </ul>
      <Button
        size="large"
        variant="secondary"
        fullWidth
        className={styles.googleButton}
        busy={busy}
        busyText={<FormattedMessage id="auth.signIn.busy" />}
        onClick={onSignIn}
      >
        <GoogleMark />
        <FormattedMessage id="auth.signIn.google" />
      </Button>
      <FinePrint>
        <FormattedMessage
          id="auth.signIn.terms"
          values={{
            terms: (chunks) => (
              <Link to="/terms-of-service" onClick={onClose}>
                {chunks}
              </Link>
            ),
            privacy: (chunks) => (
              <Link to="/privacy-policy" onClick={onClose}>
                {chunks}
              </Link>
            ),
          }}
        />
      </FinePrint>
    </Dialog>
  );
}
