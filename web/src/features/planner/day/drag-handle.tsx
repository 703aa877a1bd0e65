import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';

interface DragHandleProps {
  /** The activity's name, so the handle is announced as "Move {name}". */
  name: string;
  className: string;
  setActivatorNodeRef(element: HTMLElement | null): void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
}

/** The grip an activity is dragged by: a real button, so Space and the arrow keys move it too. */
export function DragHandle({ name, className, setActivatorNodeRef, attributes, listeners }: DragHandleProps) {
  return (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className={className}
      aria-label={`Move ${name}`}
      {...attributes}
      {...listeners}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}
