import { type FormEvent, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { type BloomApi, messageOf, newActionKey } from '../../lib/api';
import styles from './delete-account-dialog.module.css';

/**
 * The word she types to confirm, in the language she reads Bloom in: DELETE, LÖSCHEN, SUPPRIMER, ELIMINAR
 * (docs/rules.md#deleting-an-account). The rule is the spec's: her text, trimmed, must be exactly the word the
 * dialog shows; nothing else deletes. A word of her own language is one she can read and type; a word of another
 * would be a password to copy.
 */
export const DELETE_CONFIRMATION_ID = 'account.delete.confirmWord';

interface DeleteAccountDialogProps {
  open: boolean;
  onClose(): void;
  api: BloomApi;
  /** Her account is gone: the app signs her out and says goodbye. */
  onDeleted(): void | Promise<void>;
}

/**
 * "Delete my account": what goes, a field to type DELETE (in her language), and the one button that deletes. A failed deletion
 * says so and can be asked again; the server finishes where it stopped (docs/rules.md#deleting-an-account).
 */
export function DeleteAccountDialog({ open, onClose, api, onDeleted }: DeleteAccountDialogProps) {
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const intl = useIntl();
  const word = intl.formatMessage({ id: DELETE_CONFIRMATION_ID });
  const confirmed = typed.trim() === word;

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
      title={intl.formatMessage({ id: 'account.delete.title' })}
      description={intl.formatMessage({ id: 'account.delete.description' })}
      size="small"
      dismissible={!deleting}
    >
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <p>
          <FormattedMessage id="account.delete.what" />
        </p>
        <div className={styles.field}>
          <label htmlFor={inputId}>
            <FormattedMessage
              id="account.delete.typeToConfirm"
              values={{ word, strong: (chunks) => <strong>{chunks}</strong> }}
            />
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
            <FormattedMessage id="account.delete.keep" />
          </Button>
          <Button type="submit" disabled={!confirmed || deleting}>
            <FormattedMessage id={deleting ? 'account.delete.deleting' : 'account.delete.confirm'} />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
