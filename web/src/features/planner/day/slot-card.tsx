import type { DayIndex, PlannedActivity, Slot } from '@bloom/shared/planner/types';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { clsx } from 'clsx';
import { memo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/button';
import { useWords } from '../i18n';
import { Skeleton } from '../skeleton';
import { useUnchanged } from '../use-unchanged';
import { sameActivities, totalsOf } from '../week-model';
import { ActivityCard } from './activity-card';
import styles from './slot-card.module.css';

interface SlotCardProps {
  day: DayIndex;
  slot: Slot;
  activities: PlannedActivity[];
  dayCompleted: boolean;
  onToggle(id: string): void;
  onRemove(id: string): void;
  onCompleteAll(day: DayIndex, slot: Slot): void;
  onSetDayCompleted(day: DayIndex, completed: boolean): void;
  onEdit(slot: Slot): void;
}

export const slotDropId = (slot: Slot) => `slot:${slot}`;

/**
 * One time slot of the day: its activities (a drop target for dragged ones), progress and actions. Drawn again
 * only when what it shows changed (a tick in another slot leaves it as it is).
 */
export const SlotCard = memo(function SlotCard({
  day,
  slot,
  activities,
  dayCompleted,
  onToggle,
  onRemove,
  onCompleteAll,
  onSetDayCompleted,
  onEdit,
}: SlotCardProps) {
  const { setNodeRef, isOver } = useDroppable({ id: slotDropId(slot), data: { day, slot } });
  // The same list while the same activities are in it: a new one would draw every activity of the slot again.
  const items = useUnchanged(activities.map((activity) => activity.id));
  const totals = totalsOf(activities);
  const headingId = `slot-${slot}`;
  const percent = totals.total === 0 ? 0 : Math.round((totals.completed / totals.total) * 100);
  const intl = useIntl();
  const words = useWords();
  const slotName = words.slot(slot);
  const actions = intl.formatMessage(
    { id: 'planner.actions' },
    { completed: totals.completed, total: totals.total },
  );
  return (
    <section className={clsx(styles.card, isOver && styles.over)} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {slotName}
        </h2>
        <span className={styles.count}>
          <FormattedMessage id="planner.slotCard.count" values={{ count: totals.total }} />
        </span>
      </header>
      <div className={styles.progress}>
        <progress
          className={styles.bar}
          max={100}
          value={percent}
          aria-label={intl.formatMessage({ id: 'planner.slotCard.progress' }, { slot: slotName })}
          aria-valuetext={actions}
        />
        <span>{actions}</span>
        <span className={styles.minutes}>{words.minutes(totals.minutes)}</span>
      </div>
      <SortableContext items={items} strategy={verticalListSortingStrategy}>
        <ul
          ref={setNodeRef}
          className={styles.list}
          aria-label={intl.formatMessage({ id: 'planner.slotCard.activities' }, { slot: slotName })}
        >
          {activities.length === 0 ? (
            <li className={styles.empty}>
              <FormattedMessage id="planner.emptySlot" />
            </li>
          ) : (
            activities.map((activity) => (
              <ActivityCard key={activity.id} activity={activity} onToggle={onToggle} onRemove={onRemove} />
            ))
          )}
        </ul>
      </SortableContext>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="small"
          aria-describedby={headingId}
          disabled={totals.total === 0 || totals.completed === totals.total}
          onClick={() => onCompleteAll(day, slot)}
        >
          <FormattedMessage id="planner.slotCard.completeAll" />
        </Button>
        <Button
          variant={dayCompleted ? 'primary' : 'ghost'}
          size="small"
          aria-pressed={dayCompleted}
          onClick={() => onSetDayCompleted(day, !dayCompleted)}
        >
          <FormattedMessage id={dayCompleted ? 'planner.dayComplete' : 'planner.markDayComplete'} />
        </Button>
        <Button variant="ghost" size="small" aria-describedby={headingId} onClick={() => onEdit(slot)}>
          <FormattedMessage id="planner.slotCard.viewEdit" />
        </Button>
      </div>
    </section>
  );
}, sameSlot);

/** Its activities are a new list on every render of the day (`activitiesIn`), so they are compared one by one. */
function sameSlot(
  { activities: before, ...rest }: SlotCardProps,
  { activities: after, ...next }: SlotCardProps,
) {
  return (
    sameActivities(before, after) &&
    (Object.keys(rest) as Array<keyof typeof rest>).every((name) => rest[name] === next[name])
  );
}

/** A slot card's placeholder while the day loads: the same size, so nothing moves when it arrives. */
export function SlotCardSkeleton() {
  return (
    <div className={clsx(styles.card, styles.skeleton)}>
      <Skeleton shape="title" />
      <Skeleton shape="block" />
    </div>
  );
}
