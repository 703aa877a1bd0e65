import type { PlannedActivity } from '@bloom/shared/planner/types';
import { SyncMark } from '../sync-mark';
import { isPlaceholder } from '../week-model';
import { DragHandle, useSortableActivity } from './drag-handle';

interface ActivityCardProps {
  activity: PlannedActivity;
  onToggle(id: string): void;
  onRemove(id: string): void;
}

/** A planned activity: icon, name, minutes, category, a complete toggle, remove, and a handle to drag it. */
export function ActivityCard({ activity, onToggle, onRemove }: ActivityCardProps) {
  const { ref, style, isDragging, handle } = useSortableActivity(activity);
  // Not placed by the server yet: nothing to tick or remove until it is.
  const unplaced = isPlaceholder(activity.id);
  return (
    <li
      ref={ref}
      style={style}
      className={`activity-card${activity.completed ? ' activity-card--done' : ''}${
        isDragging ? ' activity-card--dragging' : ''
      }`}
    >
      <DragHandle className="activity-card__handle" {...handle} />
      <span className="activity-card__icon" aria-hidden="true">
        {activity.icon}
      </span>
      <div className="activity-card__body">
        <span className="activity-card__name">{activity.name}</span>
        <span className="activity-card__meta">
          {activity.duration} min{' '}
          <span className={`category-badge category-badge--${activity.category.toLowerCase()}`}>
            {activity.category}
          </span>
          <SyncMark id={activity.id} />
        </span>
      </div>
      <div className="activity-card__controls">
        <label className="activity-card__toggle">
          <input
            type="checkbox"
            checked={activity.completed}
            disabled={unplaced}
            onChange={() => onToggle(activity.id)}
          />
          <span className="visually-hidden">Mark {activity.name} complete</span>
        </label>
        <button
          type="button"
          className="icon-button icon-button--small"
          aria-label={`Remove ${activity.name}`}
          disabled={unplaced}
          onClick={() => onRemove(activity.id)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </li>
  );
}
