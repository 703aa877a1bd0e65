import type { DayIndex, PlannedActivity, Slot } from '@bloom/shared/planner/types';
import {
  type Announcements,
  closestCorners,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { ReactNode } from 'react';

/** The slot an item or a slot drop zone belongs to. */
function slotOf(data: unknown): Slot | undefined {
  return (data as { current?: { slot?: Slot } } | undefined)?.current?.slot;
}

interface DayBoardProps {
  day: DayIndex;
  activities: PlannedActivity[];
  onMove(id: string, day: DayIndex, slot: Slot): void;
  children: ReactNode;
}

/**
 * Drag and drop between the day's slots, by pointer or keyboard (Space to pick up, arrows to move, Space to
 * drop, Escape to cancel). A drop in another slot moves the activity there on the server.
 */
export function DayBoard({ day, activities, onMove, children }: DayBoardProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) =>
    activities.find((activity) => activity.id === id)?.name ?? 'Activity';

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} is over ${slotOf(over.data) ?? 'a slot'}.`
        : `${nameOf(active.id)} is not over a slot.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} moved to ${slotOf(over.data) ?? 'its slot'}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const target = over ? slotOf(over.data) : undefined;
    if (!target || target === slotOf(active.data)) return;
    onMove(String(active.id), day, target);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move an activity to another time slot, press Space or Enter to pick it up, use the arrow keys to move it, then press Space or Enter to drop it, or Escape to cancel.',
        },
      }}
    >
      {children}
    </DndContext>
  );
}
