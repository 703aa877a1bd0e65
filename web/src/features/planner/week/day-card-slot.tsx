import type { DayIndex, PlannedActivity, Slot } from '@bloom/shared/planner/types';
import { memo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import checkbox from '../checkbox.module.css';
import { useWords } from '../i18n';
import { SyncMark } from '../sync-mark';
import { isPlaceholder, sameActivities } from '../week-model';
import styles from './day-card.module.css';
import { holdDrag } from './held-drag';
import { useWeekDndState } from './use-week-dnd';

interface DayCardSlotProps {
  day: DayIndex;
  dayName: string;
  slot: Slot;
  activities: PlannedActivity[];
  onToggleActivity(id: string): void;
}

/**
 * One slot of a day card: a drop zone for activities dragged from other days and slots. Drag and drop loads
 * once her week is on screen (./use-week-dnd.ts); until then the slot and its activities are drawn the same,
 * and a handle pressed meanwhile is held and begins the drag once it can (./held-drag.ts).
 */
export const DayCardSlot = memo(function DayCardSlot({
  day,
  dayName,
  slot,
  activities,
  onToggleActivity,
}: DayCardSlotProps) {
  const { dnd } = useWeekDndState();
  const intl = useIntl();
  const slotName = useWords().slot(slot);
  const label = intl.formatMessage({ id: 'planner.daySlot' }, { day: dayName, slot: slotName });
  const list = (
    <>
      <h4 className={styles.slotName}>{slotName}</h4>
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
    </>
  );
  if (!dnd) {
    return (
      <section className={styles.slot} aria-label={label}>
        {list}
      </section>
    );
  }
  return (
    <dnd.SortableSlot
      id={`day-slot:${day}:${slot}`}
      data={{ day, slot }}
      label={label}
      className={styles.slot}
      overClassName={styles.slotOver}
      items={activities.map((activity) => activity.id)}
    >
      {list}
    </dnd.SortableSlot>
  );
}, sameSlot);

/**
 * A slot is drawn again only when something it shows changed: its activities are a new list on every render of
 * its day (`slotsOf`), so they are compared one by one.
 */
function sameSlot(before: DayCardSlotProps, after: DayCardSlotProps): boolean {
  return (
    before.day === after.day &&
    before.dayName === after.dayName &&
    before.slot === after.slot &&
    before.onToggleActivity === after.onToggleActivity &&
    sameActivities(before.activities, after.activities)
  );
}

const DayCardActivity = memo(function DayCardActivity({
  activity,
  onToggle,
}: {
  activity: PlannedActivity;
  onToggle(id: string): void;
}) {
  const { dnd } = useWeekDndState();
  const words = useWords();
  const content: ReactNode = (
    <>
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
    </>
  );
  if (!dnd) {
    return (
      <li className={styles.activity}>
        <WaitingHandle activity={activity} />
        {content}
      </li>
    );
  }
  return (
    <dnd.SortableActivity
      activity={activity}
      className={styles.activity}
      draggingClassName={styles.dragging}
      handleClassName={styles.handle}
    >
      {content}
    </dnd.SortableActivity>
  );
});

/**
 * The handle as drawn before drag and drop has loaded: the same button, named and described in her language as
 * the loaded one is (../day/drag-handle.tsx); a press begins the drag once it has.
 */
function WaitingHandle({ activity }: { activity: PlannedActivity }) {
  const { load } = useWeekDndState();
  const intl = useIntl();
  const hold = (event: KeyboardEvent | PointerEvent) => {
    if (isPlaceholder(activity.id) || !holdDrag(activity.id, event)) return;
    event.preventDefault();
    load();
  };
  return (
    <button
      type="button"
      className={styles.handle}
      aria-label={intl.formatMessage({ id: 'planner.activity.move' }, { name: activity.name })}
      aria-disabled={isPlaceholder(activity.id)}
      aria-roledescription={intl.formatMessage({ id: 'planner.drag.role' })}
      onKeyDown={(event) => hold(event.nativeEvent)}
      onPointerDown={(event) => hold(event.nativeEvent)}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}
