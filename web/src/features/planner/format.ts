import { DAY_NAMES, type DayIndex } from '@bloom/shared/planner/types';

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Nov 23' for '2026-11-23'; dates are calendar dates, so they are formatted in UTC. */
export function formatShortDate(isoDate: string): string {
  return shortDate.format(new Date(`${isoDate}T00:00:00Z`));
}

export function dayNameOf(day: DayIndex): string {
  return DAY_NAMES[day];
}

export function minutesLabel(minutes: number): string {
  return `${minutes} min`;
}
