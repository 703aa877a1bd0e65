import type { Edits } from '@bloom/shared/planner/types';
import { clsx } from 'clsx';
import { memo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import styles from './pills.module.css';

/**
 * Free users see the warning state and the Upgrade pill from this many edits left
 * (docs/rules.md#weekly-edit-limit).
 */
export const EDITS_WARNING_AT = 3;

export const StreakPill = memo(function StreakPill({ streak }: { streak: number }) {
  return (
    <span className={clsx(styles.pill, styles.streak)}>
      <span aria-hidden="true">🔥</span> <FormattedMessage id="planner.pills.streak" values={{ streak }} />
    </span>
  );
});

/** "N edits left", with a warning look and an Upgrade pill when few remain; "Unlimited edits" on Pro. */
export const EditsPill = memo(function EditsPill({ edits }: { edits: Edits }) {
  const intl = useIntl();
  if (edits.remaining === null || edits.limit === null) {
    return (
      <span className={clsx(styles.pill, styles.unlimited)}>
        <span aria-hidden="true">✨</span> <FormattedMessage id="planner.pills.unlimited" />
      </span>
    );
  }
  const warning = edits.remaining <= EDITS_WARNING_AT;
  return (
    <span className={styles.group}>
      <span className={clsx(styles.pill, warning && styles.warning)}>
        <span aria-hidden="true">✏️</span>{' '}
        <FormattedMessage id="planner.pills.editsLeft" values={{ remaining: edits.remaining }} />
      </span>
      {warning ? (
        <Link
          to="/pricing"
          className={clsx(styles.pill, styles.upgrade)}
          aria-label={intl.formatMessage({ id: 'planner.pills.upgradeLabel' })}
        >
          <FormattedMessage id="planner.pills.upgrade" />
        </Link>
      ) : null}
    </span>
  );
});

/** Where the streak and edits will be while the week loads. */
export function PillPlaceholder() {
  return <span className={clsx(styles.pill, styles.placeholder)} aria-hidden="true" />;
}
