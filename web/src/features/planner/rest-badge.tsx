import { FormattedMessage } from 'react-intl';
import styles from './rest-badge.module.css';

/** Her rest day (docs/rules.md#rest-days), on its day card and in its day view. */
export function RestBadge() {
  return (
    <p className={styles.badge}>
      <FormattedMessage id="planner.rest.badge" />
    </p>
  );
}
