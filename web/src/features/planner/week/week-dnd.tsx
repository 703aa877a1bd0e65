import type { PlannedActivity } from '@bloom/shared/planner/types';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { clsx } from 'clsx';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { DragHandle, useSortableActivity } from '../day/drag-handle';
import type { PlaceData } from '../day/plan-board';
import { useUnchanged } from '../use-unchanged';
import { takeHeldDrag } from './held-drag';

/**
 * Drag and drop in the weekly view, with dnd-kit: its own chunk, loaded once her week is on screen
 * (./use-week-dnd.ts). Until then the week is drawn by the same components without it (./day-card-slot.tsx).
 */
export { PlanBoard } from '../day/plan-board';

interface SortableSlotProps {
  id: string;
  data: PlaceData;
  label: string;
  className: string | undefined;
  overClassName: string | undefined;
  items: string[];
  children: ReactNode;
}

/** A slot of a day card as a drop zone, its activities in one sortable list. */
export function SortableSlot({
  id,
  data,
  label,
  className,
  overClassName,
  items,
  children,
}: SortableSlotProps) {
  const { setNodeRef, isOver } = useDroppable({ id, data });
  // The same list while the same activities are in it: a new one would draw every activity of the slot again.
  const sortable = useUnchanged(items);
  return (
    <section ref={setNodeRef} className={clsx(className, isOver && overClassName)} aria-label={label}>
      <SortableContext items={sortable} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </section>
  );
}

interface SortableActivityProps {
  activity: PlannedActivity;
  className: string | undefined;
  draggingClassName: string | undefined;
  handleClassName: string | undefined;
  children: ReactNode;
}

/** An activity of a day card that can be dragged by its handle, by pointer or keyboard. */
export function SortableActivity({
  activity,
  className,
  draggingClassName,
  handleClassName,
  children,
}: SortableActivityProps) {
  const { ref, style, isDragging, handle } = useSortableActivity(activity);
  const handleRef = useRef<HTMLButtonElement | null>(null);
  // A drag she began before this code had loaded is begun again here, on the same handle.
  useLayoutEffect(() => {
    const held = takeHeldDrag(activity.id);
    const button = handleRef.current;
    if (!held || !button) return;
    button.focus();
    button.dispatchEvent(held);
  }, [activity.id]);
  return (
    <li ref={ref} style={style} className={clsx(className, isDragging && draggingClassName)}>
      <DragHandle
        className={handleClassName}
        {...handle}
        setActivatorNodeRef={(element) => {
          handleRef.current = element as HTMLButtonElement | null;
          handle.setActivatorNodeRef(element);
        }}
      />
      {children}
    </li>
  );
}
