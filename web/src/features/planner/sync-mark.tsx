import { FormattedMessage } from 'react-intl';
import { useWaitingToSync } from './api/week-writes';
import styles from './sync-mark.module.css';

/** The mark's English words (its message `planner.sync.waiting`), as tests find it. */
export const WAITING_TO_SYNC = 'Waiting to sync';

/**
 * A small, calm mark on an activity whose change is saved on this device and not yet sent
 * (docs/rules.md#errors-and-messages); the change itself stays on screen.
 */
export function SyncMark({ id }: { id: string }) {
  const waiting = useWaitingToSync(id);
  if (!waiting) return null;
  return (
    <span className={styles.mark}>
      <span aria-hidden="true">↻ </span>
      <FormattedMessage id="planner.sync.waiting" />
    </span>
  );
}
