import { DAY_NAMES, type DayIndex, type PlannedActivity, type Slot } from '@bloom/shared/planner/types';
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

/** What every draggable activity and every slot drop zone carries: where it is. */
export interface PlaceData {
  day: DayIndex;
  slot: Slot;
}

function placeOf(data: unknown): PlaceData | undefined {
  const current = (data as { current?: Partial<PlaceData> } | undefined)?.current;
  return current?.slot !== undefined && current.day !== undefined
    ? { day: current.day, slot: current.slot }
    : undefined;
}

const describe = (place: PlaceData | undefined, withDay: boolean) =>
  place ? (withDay ? `${DAY_NAMES[place.day]} ${place.slot}` : place.slot) : 'a slot';

interface PlanBoardProps {
  activities: PlannedActivity[];
  onMove(id: string, day: DayIndex, slot: Slot): void;
  /** Whether drop targets span several days (the weekly grid), so announcements name the day. */
  acrossDays?: boolean;
  children: ReactNode;
}

/**
 * Drag and drop between slots (and days, in the weekly grid), by pointer or keyboard: Space or Enter picks an
 * activity up, the arrow keys move it, Space or Enter drops it, Escape cancels. A drop elsewhere moves the
 * activity there on the server.
 */
export function PlanBoard({ activities, onMove, acrossDays = false, children }: PlanBoardProps) {
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
        ? `${nameOf(active.id)} is over ${describe(placeOf(over.data), acrossDays)}.`
        : `${nameOf(active.id)} is not over a slot.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} moved to ${describe(placeOf(over.data), acrossDays)}.`
        : `${nameOf(active.id)} dropped where it was.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = placeOf(active.data);
    const to = over ? placeOf(over.data) : undefined;
    if (!to || (from && from.day === to.day && from.slot === to.slot)) return;
    onMove(String(active.id), to.day, to.slot);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: `To move an activity to another time slot${acrossDays ? ' or day' : ''}, press Space or Enter to pick it up, use the arrow keys to move it, then press Space or Enter to drop it, or Escape to cancel.`,
        },
      }}
    >
      {children}
    </DndContext>
  );
}
