import type { WeekView } from '@bloom/shared/planner/types';
import { createContext, useContext } from 'react';

/**
 * The week the weekly view shows, read once for the whole view (`useWeek` in ./weekly-planner.tsx), for the
 * parts that draw it: each day's card, the day picker, Week at a Glance, the streak and edits, the PDF. It is a
 * new week on every tick, and only those parts read it, so a tick draws them again (and, among the cards, only
 * the one it changed), not the view around them or the drag-and-drop board that holds the cards.
 */
export const ShownWeekContext = createContext<WeekView | null>(null);

/** The week on screen in the weekly view; null while it loads. */
export function useShownWeek(): WeekView | null {
  return useContext(ShownWeekContext);
}
