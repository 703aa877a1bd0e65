import type { DayIndex, PlannedActivity, Slot } from '@bloom/shared/planner/types';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { clsx } from 'clsx';
import { FormattedMessage, useIntl } from 'react-intl';
import checkbox from '../checkbox.module.css';
import { DragHandle, useSortableActivity } from '../day/drag-handle';
import { useWords } from '../i18n';
import { SyncMark } from '../sync-mark';
import { isPlaceholder } from '../week-model';
import styles from './day-card.module.css';

interface DayCardSlotProps {
  day: DayIndex;
  dayName: string;
  slot: Slot;
  activities: PlannedActivity[];
  onToggleActivity(id: string): void;
}

/** One slot of a day card: a drop zone for activities dragged from other days and slots. */
export function DayCardSlot({ day, dayName, slot, activities, onToggleActivity }: DayCardSlotProps) {
  const { setNodeRef, isOver } = useDroppable({ id: `day-slot:${day}:${slot}`, data: { day, slot } });
  const intl = useIntl();
  const slotName = useWords().slot(slot);
  return (
    <section
      ref={setNodeRef}
      className={clsx(styles.slot, isOver && styles.slotOver)}
      aria-label={intl.formatMessage({ id: 'planner.daySlot' }, { day: dayName, slot: slotName })}
    >
      <h4 className={styles.slotName}>{slotName}</h4>
      <SortableContext
        items={activities.map((activity) => activity.id)}
        strategy={verticalListSortingStrategy}
      >
        {activities.length === 0 ? (
          <p className={styles.empty}>
            <FormattedMessage id="planner.week.nothingPlanned" />
          </p>
        ) : (
          <ul className={styles.activities}>
            {activities.map((activity) => (
              <DayCardActivity key={activity.id} activity={activity} onToggle={onToggleActivity} />
            ))}
          </ul>
        )}
      </SortableContext>
    </section>
  );
}

function DayCardActivity({ activity, onToggle }: { activity: PlannedActivity; onToggle(id: string): void }) {
  const { ref, style, isDragging, handle } = useSortableActivity(activity);
  const words = useWords();
  return (
    <li ref={ref} style={style} className={clsx(styles.activity, isDragging && styles.dragging)}>
      <DragHandle className={styles.handle} {...handle} />
      <label className={styles.activityLabel}>
        <input
          type="checkbox"
          className={checkbox.checkbox}
          checked={activity.completed}
          disabled={isPlaceholder(activity.id)}
          onChange={() => onToggle(activity.id)}
        />
        <span aria-hidden="true">{activity.icon}</span>
        <span className={activity.completed ? styles.done : undefined}>{activity.name}</span>
      </label>
      <span className={styles.minutes}>{words.minutes(activity.duration)}</span>
      <SyncMark id={activity.id} />
    </li>
  );
}
