import { useWaitingToSync } from './api/week-writes';
import styles from './sync-mark.module.css';

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
      {WAITING_TO_SYNC}
    </span>
  );
}
