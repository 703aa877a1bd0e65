import type { PlannedActivity } from '@bloom/shared/planner/types';
import { clsx } from 'clsx';
import { memo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CategoryBadge } from '../../../components/category-badge';
import checkbox from '../checkbox.module.css';
import { useWords } from '../i18n';
import iconButton from '../icon-button.module.css';
import { SyncMark } from '../sync-mark';
import { isPlaceholder } from '../week-model';
import styles from './activity-card.module.css';
import { DragHandle, useSortableActivity } from './drag-handle';

interface ActivityCardProps {
  activity: PlannedActivity;
  onToggle(id: string): void;
  onRemove(id: string): void;
}

/** A planned activity: icon, name, minutes, category, a complete toggle, remove, and a handle to drag it. */
export const ActivityCard = memo(function ActivityCard({ activity, onToggle, onRemove }: ActivityCardProps) {
  const { ref, style, isDragging, handle } = useSortableActivity(activity);
  // Not placed by the server yet: nothing to tick or remove until it is.
  const unplaced = isPlaceholder(activity.id);
  const intl = useIntl();
  const words = useWords();
  return (
    <li
      ref={ref}
      style={style}
      className={clsx(styles.card, activity.completed && styles.done, isDragging && styles.dragging)}
    >
      <DragHandle className={styles.handle} {...handle} />
      <span className={styles.icon} aria-hidden="true">
        {activity.icon}
      </span>
      <div className={styles.body}>
        <span className={styles.name}>{activity.name}</span>
        <span className={styles.meta}>
          {words.minutes(activity.duration)} <CategoryBadge category={activity.category} />
          <SyncMark id={activity.id} />
        </span>
      </div>
      <div className={styles.controls}>
        <label className={styles.toggle}>
          <input
            type="checkbox"
            className={checkbox.checkbox}
            checked={activity.completed}
            disabled={unplaced}
            onChange={() => onToggle(activity.id)}
          />
          <span className="visually-hidden">
            <FormattedMessage id="planner.activity.markComplete" values={{ name: activity.name }} />
          </span>
        </label>
        <button
          type="button"
          className={clsx(iconButton.button, iconButton.small)}
          aria-label={intl.formatMessage({ id: 'planner.activity.remove' }, { name: activity.name })}
          disabled={unplaced}
          onClick={() => onRemove(activity.id)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </li>
  );
});
