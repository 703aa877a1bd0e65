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
import { type IntlShape, useIntl } from 'react-intl';
import { wordsOf } from '../i18n';

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

/** What a screen reader hears as an activity is dragged, in her language. */
function announcementsFor(
  intl: IntlShape,
  activities: () => PlannedActivity[],
  acrossDays: boolean,
): Announcements {
  const words = wordsOf(intl);
  const say = (id: string, values: Record<string, string>) => intl.formatMessage({ id }, values);
  const name = (id: string | number) =>
    activities().find((activity) => activity.id === id)?.name ??
    intl.formatMessage({ id: 'planner.drag.fallbackName' });
  const place = (data: unknown) => {
    const found = placeOf(data);
    if (!found) return intl.formatMessage({ id: 'planner.drag.aSlot' });
    const slot = words.slot(found.slot);
    return acrossDays ? say('planner.daySlot', { day: words.day(found.day), slot }) : slot;
  };
  return {
    onDragStart: ({ active }) => say('planner.drag.pickedUp', { name: name(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? say('planner.drag.over', { name: name(active.id), place: place(over.data) })
        : say('planner.drag.notOver', { name: name(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? say('planner.drag.moved', { name: name(active.id), place: place(over.data) })
        : say('planner.drag.dropped', { name: name(active.id) }),
    onDragCancel: ({ active }) => say('planner.drag.cancelled', { name: name(active.id) }),
  };
}

// The same objects on every render: dnd-kit rebuilds its sensors, and gives every draggable and drop zone a new
// context (drawing each again), whenever their options are new objects.
const POINTER_OPTIONS = { activationConstraint: { distance: 6 } };
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

interface PlanBoardProps {
  /** The activities on the board, read when a drag is announced (so the board need not follow each change). */
  activities(): PlannedActivity[];
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
    useSensor(PointerSensor, POINTER_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_OPTIONS),
  );
  const intl = useIntl();
  const announcements = announcementsFor(intl, activities, acrossDays);

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
          draggable: intl.formatMessage(
            { id: 'planner.drag.instructions' },
            { acrossDays: acrossDays ? 'yes' : 'no' },
          ),
        },
      }}
    >
      {children}
    </DndContext>
  );
}
