import type { DayIndex, PlannedActivity, Slot } from '@bloom/shared/planner/types';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Button } from '../../../components/button';
import { totalsOf } from '../week-model';
import { ActivityCard } from './activity-card';

interface SlotCardProps {
  day: DayIndex;
  slot: Slot;
  activities: PlannedActivity[];
  dayCompleted: boolean;
  onToggle(id: string): void;
  onRemove(id: string): void;
  onCompleteAll(slot: Slot): void;
  onSetDayCompleted(completed: boolean): void;
  onEdit(slot: Slot): void;
}

export const slotDropId = (slot: Slot) => `slot:${slot}`;

/** One time slot of the day: its activities (a drop target for dragged ones), progress and actions. */
export function SlotCard({
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
  const totals = totalsOf(activities);
  const headingId = `slot-${slot}`;
  const percent = totals.total === 0 ? 0 : Math.round((totals.completed / totals.total) * 100);
  return (
    <section className={`slot-card${isOver ? ' slot-card--over' : ''}`} aria-labelledby={headingId}>
      <header className="slot-card__header">
        <h2 id={headingId} className="slot-card__title">
          {slot}
        </h2>
        <span className="slot-card__count">
          {totals.total} {totals.total === 1 ? 'activity' : 'activities'}
        </span>
      </header>
      <div className="slot-card__progress">
        <progress
          className="slot-card__bar"
          max={100}
          value={percent}
          aria-label={`${slot} progress`}
          aria-valuetext={`${totals.completed}/${totals.total} actions`}
        />
        <span>
          {totals.completed}/{totals.total} actions
        </span>
        <span className="slot-card__minutes">{totals.minutes} min</span>
      </div>
      <SortableContext
        items={activities.map((activity) => activity.id)}
        strategy={verticalListSortingStrategy}
      >
        <ul ref={setNodeRef} className="slot-card__list" aria-label={`${slot} activities`}>
          {activities.length === 0 ? (
            <li className="slot-card__empty">No activities scheduled</li>
          ) : (
            activities.map((activity) => (
              <ActivityCard key={activity.id} activity={activity} onToggle={onToggle} onRemove={onRemove} />
            ))
          )}
        </ul>
      </SortableContext>
      <div className="slot-card__actions">
        <Button
          variant="secondary"
          size="small"
          aria-describedby={headingId}
          disabled={totals.total === 0 || totals.completed === totals.total}
          onClick={() => onCompleteAll(slot)}
        >
          Complete All
        </Button>
        <Button
          variant={dayCompleted ? 'primary' : 'ghost'}
          size="small"
          aria-pressed={dayCompleted}
          onClick={() => onSetDayCompleted(!dayCompleted)}
        >
          {dayCompleted ? '✓ Day Complete' : 'Mark Day Complete'}
        </Button>
        <Button variant="ghost" size="small" aria-describedby={headingId} onClick={() => onEdit(slot)}>
          View & Edit
        </Button>
      </div>
    </section>
  );
}
