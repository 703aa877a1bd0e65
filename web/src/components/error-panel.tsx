import { FormattedMessage } from 'react-intl';
import { Button } from './button';
import styles from './error-panel.module.css';

/** What could not be read, said calmly, with Try again in place of what would have been there. */
export function ErrorPanel({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className={styles.panel} role="alert">
      <p>{message}</p>
      <Button onClick={onRetry}>
        <FormattedMessage id="components.errorPanel.retry" />
      </Button>
    </div>
  );
}
