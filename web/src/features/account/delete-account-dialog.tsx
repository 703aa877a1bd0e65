import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { type BloomApi, messageOf, newActionKey } from '../../lib/api';
import styles from './delete-account-dialog.module.css';

/** The word she types to confirm; nothing else deletes. */
export const DELETE_CONFIRMATION = 'DELETE';

interface DeleteAccountDialogProps {
  open: boolean;
  onClose(): void;
  api: BloomApi;
  /** Her account is gone: the app signs her out and says goodbye. */
  onDeleted(): void | Promise<void>;
}

/**
 * "Delete my account": what goes, a field to type DELETE, and the one button that deletes. A failed deletion
 * says so and can be asked again; the server finishes where it stopped (docs/rules.md#deleting-an-account).
 */
export function DeleteAccountDialog({ open, onClose, api, onDeleted }: DeleteAccountDialogProps) {
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const confirmed = typed.trim() === DELETE_CONFIRMATION;

  const close = () => {
    setTyped('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || deleting) return;
    setDeleting(true);
    setError(null);
    try {
      await api.deleteAccount(newActionKey());
      await onDeleted();
    } catch (failure) {
      setError(messageOf(failure));
      setDeleting(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Delete your account?"
      description="This cannot be undone."
      size="small"
      dismissible={!deleting}
    >
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <p>
          Bloom deletes your plans, completed days, custom activities, quiz answers and coach history, cancels
          your Pro subscription if you have one (no further charges), and removes your sign-in. Download your
          data first if you want to keep it.
        </p>
        <div className={styles.field}>
          <label htmlFor={inputId}>
            Type <strong>{DELETE_CONFIRMATION}</strong> to confirm
          </label>
          <input
            id={inputId}
            className={styles.input}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            disabled={deleting}
          />
        </div>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="button" variant="secondary" onClick={close} disabled={deleting}>
            Keep my account
          </Button>
          <Button type="submit" disabled={!confirmed || deleting}>
            {deleting ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
