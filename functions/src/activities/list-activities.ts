import type { ActivitiesResponse } from '@bloom/shared/api/schemas';
import { ACTIVITY_CATALOGUE } from '@bloom/shared/catalogue/activities';
import type { Activity } from '@bloom/shared/planner/types';
import { toCustomActivity } from '../data/items';
import { byCodeUnit } from '../data/order';
import { queryCustomActivities } from '../data/reads';

/** The catalogue without the tags plan generation uses, then the caller's own activities, newest last. */
const CATALOGUE: Activity[] = ACTIVITY_CATALOGUE.map(
  ({ id, name, category, duration, icon, timePeriod }) => ({
    id,
    name,
    category,
    duration,
    icon,
    timePeriod,
    isCustom: false,
  }),
);

export async function listActivities(userId: string): Promise<ActivitiesResponse> {
  const custom = await queryCustomActivities(userId);
  custom.sort((a, b) => byCodeUnit(a.createdAt, b.createdAt));
  return { activities: [...CATALOGUE, ...custom.map(toCustomActivity)] };
}
