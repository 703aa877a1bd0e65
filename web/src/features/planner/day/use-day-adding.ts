import type { DayIndex, Slot, WeekView } from '@bloom/shared/planner/types';
import { useCallback, useRef, useState } from 'react';
import { useAddActivities } from '../api/add-mutations';
import { useLibrarySelection } from '../library/selection';
import { activitiesIn } from '../week-model';

export type DayAdding = ReturnType<typeof useDayAdding>;

/**
 * Adding to a day: the library's selection (what is already in the chosen slot cannot be picked again), the
 * library sheet on a phone, the custom activity form, and the add itself.
 */
export function useDayAdding(day: DayIndex, dayEntry: WeekView['days'][number] | undefined, mobile: boolean) {
  const addActivities = useAddActivities();
  const selection = useLibrarySelection(
    'Morning',
    (slot) => new Set(dayEntry ? activitiesIn(dayEntry, slot).map((activity) => activity.activityId) : []),
  );
  const [adding, setAdding] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [customOpen, setCustomOpen] = useState(false);
  const libraryRef = useRef<HTMLDivElement>(null);

  const addSelected = async () => {
    if (adding || selection.addable.length === 0) return;
    setAdding(true);
    const added = await addActivities(day, selection.slot, selection.addable);
    setAdding(false);
    if (added) {
      selection.clear();
      setLibraryOpen(false);
    }
  };

  // Free users may create a few a day too; the server counts them and answers "Daily action limit reached".
  const openCustom = () => {
    setLibraryOpen(false);
    setCustomOpen(true);
  };

  const { setSlot } = selection;
  /** Opens the library on the slot (on a phone, its sheet; beside the slots, its slot picker). */
  const editSlot = useCallback(
    (slot: Slot) => {
      setSlot(slot);
      if (mobile) setLibraryOpen(true);
      else libraryRef.current?.querySelector<HTMLElement>('select')?.focus();
    },
    [setSlot, mobile],
  );

  return {
    selection,
    adding,
    addSelected,
    libraryOpen,
    openLibrary: () => setLibraryOpen(true),
    closeLibrary: () => setLibraryOpen(false),
    libraryRef,
    customOpen,
    openCustom,
    closeCustom: () => setCustomOpen(false),
    editSlot,
  };
}
