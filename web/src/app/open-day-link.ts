import { DAY_LINK_PARAM as DAY_PARAM } from '@bloom/shared/reminders/day-link';
import { dayIndexOf, isIsoDate } from '@bloom/shared/week/week';
import { setCurrentView, setSelectedDayIndex } from '../lib/storage';

/**
 * A reminder's click opens `/?day=YYYY-MM-DD`: before the app renders, that becomes the day view of that day
 * (remembered as any choice of view is) and the address goes back to `/`. A signed-out visitor lands on the
 * landing page as usual (home-view.tsx).
 */
export function openDayFromLink(): void {
  const url = new URL(window.location.href);
  const date = url.searchParams.get(DAY_PARAM);
  if (url.pathname !== '/' || date === null) return;
  if (isIsoDate(date)) {
    setCurrentView('day');
    setSelectedDayIndex(dayIndexOf(date));
  }
  url.searchParams.delete(DAY_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
