import type { Activity, Slot } from '@bloom/shared/planner/types';
import { clsx } from 'clsx';
import { FormattedMessage } from 'react-intl';
import checkbox from '../checkbox.module.css';
import { useWords } from '../i18n';
import styles from './activity-tile.module.css';

/** One selectable library entry (a checkbox, so several can be chosen at once). */
export function ActivityTile({
  activity,
  selected,
  plannedIn,
  onToggle,
}: {
  activity: Activity;
  selected: boolean;
  /** The slot this activity is already planned in; a slot holds an activity once, so it cannot be chosen. */
  plannedIn?: Slot | undefined;
  onToggle(id: string): void;
}) {
  const words = useWords();
  return (
    <label
      className={clsx(styles.tile, selected && !plannedIn && styles.selected, plannedIn && styles.planned)}
    >
      <input
        type="checkbox"
        className={checkbox.checkbox}
        checked={selected && !plannedIn}
        disabled={Boolean(plannedIn)}
        onChange={() => onToggle(activity.id)}
      />
      <span className={styles.icon} aria-hidden="true">
        {activity.icon}
      </span>
      <span className={styles.name}>{activity.name}</span>
      <span className={styles.minutes}>{words.minutes(activity.duration)}</span>
      {activity.isCustom ? (
        <span className={styles.custom}>
          <FormattedMessage id="planner.library.custom" />
        </span>
      ) : null}
      {plannedIn ? (
        <span className={styles.plannedIn}>
          <FormattedMessage id="planner.library.alreadyIn" values={{ slot: words.slot(plannedIn) }} />
        </span>
      ) : null}
    </label>
  );
}

export function CreateCustomTile({ onClick }: { onClick(): void }) {
  return (
    <button type="button" className={clsx(styles.tile, styles.create)} onClick={onClick}>
      <span className={styles.icon} aria-hidden="true">
        ＋
      </span>
      <span className={styles.name}>
        <FormattedMessage id="planner.library.createCustom" />
      </span>
    </button>
  );
}
