import type { Slot } from '@bloom/shared/planner/types';
import { useCallback, useState } from 'react';

/** The library's multi-selection and the slot it will be added to. */
export function useLibrarySelection(
  initialSlot: Slot = 'Morning',
  plannedIn: (slot: Slot) => ReadonlySet<string>,
) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [slot, setSlot] = useState<Slot>(initialSlot);
  const toggle = useCallback((id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Set()), []);
  // A slot holds each activity once: what is already there is shown but cannot be added again.
  const planned = plannedIn(slot);
  const addable = [...selected].filter((id) => !planned.has(id));
  return { selected, slot, setSlot, toggle, clear, planned, addable };
}

export type LibrarySelection = ReturnType<typeof useLibrarySelection>;
