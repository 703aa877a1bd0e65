import type { PlannedActivity } from '@bloom/shared/planner/types';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useIntl } from 'react-intl';
import { isPlaceholder } from '../week-model';

interface DragHandleProps {
  /** The activity's name, so the handle is announced as "Move {name}". */
  name: string;
  className: string | undefined;
  setActivatorNodeRef(element: HTMLElement | null): void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
}

/** The grip an activity is dragged by: a real button, so Space and the arrow keys move it too. */
export function DragHandle({ name, className, setActivatorNodeRef, attributes, listeners }: DragHandleProps) {
  const intl = useIntl();
  return (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className={className}
      aria-label={intl.formatMessage({ id: 'planner.activity.move' }, { name })}
      {...attributes}
      {...listeners}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}

/**
 * A planned activity as a sortable list item (day cards and slot cards alike): the item's ref and style,
 * whether it is being dragged, and what its DragHandle needs. Its day and slot ride along, so a drop knows
 * where it came from.
 */
export function useSortableActivity(activity: PlannedActivity) {
  const intl = useIntl();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: activity.id,
      data: { day: activity.day, slot: activity.slot },
      // An activity the server has not placed yet has nothing to move.
      disabled: isPlaceholder(activity.id),
      // What a screen reader calls the handle, in her language (dnd-kit's own is the English "sortable").
      attributes: { roleDescription: intl.formatMessage({ id: 'planner.drag.role' }) },
    });
  return {
    ref: setNodeRef,
    style: { transform: CSS.Translate.toString(transform), transition },
    isDragging,
    handle: { name: activity.name, setActivatorNodeRef, attributes, listeners },
  };
}
