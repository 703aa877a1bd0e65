import type { DayIndex, PlannedActivity, Slot } from '@bloom/shared/planner/types';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { DragHandle, useSortableActivity } from '../day/drag-handle';
import { minutesLabel } from '../format';
import { SyncMark } from '../sync-mark';
import { isPlaceholder } from '../week-model';

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
  return (
    <section
      ref={setNodeRef}
      className={`day-card__slot${isOver ? ' day-card__slot--over' : ''}`}
      aria-label={`${dayName} ${slot}`}
    >
      <h4 className="day-card__slot-name">{slot}</h4>
      <SortableContext
        items={activities.map((activity) => activity.id)}
        strategy={verticalListSortingStrategy}
      >
        {activities.length === 0 ? (
          <p className="day-card__empty">Nothing planned</p>
        ) : (
          <ul className="day-card__activities">
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
  return (
    <li
      ref={ref}
      style={style}
      className={`day-card__activity${isDragging ? ' day-card__activity--dragging' : ''}`}
    >
      <DragHandle className="day-card__handle" {...handle} />
      <label className="day-card__activity-label">
        <input
          type="checkbox"
          checked={activity.completed}
          disabled={isPlaceholder(activity.id)}
          onChange={() => onToggle(activity.id)}
        />
        <span aria-hidden="true" className="day-card__icon">
          {activity.icon}
        </span>
        <span className={activity.completed ? 'day-card__done' : undefined}>{activity.name}</span>
      </label>
      <span className="day-card__minutes">{minutesLabel(activity.duration)}</span>
      <SyncMark id={activity.id} />
    </li>
  );
}
