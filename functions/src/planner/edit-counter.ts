import { FREE_WEEKLY_EDIT_LIMIT, type Tier } from '@bloom/shared/planner/types';
import type { WeekItemParts } from './week-item';

/**
 * The week item's share that counts `count` edits. On the free plan it is conditional: the counter may only
 * move if it stays within the weekly limit, so concurrent adds can never overshoot; a refused add reads the
 * week again and adds what is left.
 */
export function countEdits(count: number, tier: Tier): WeekItemParts {
  const limited = tier === 'free';
  return {
    set: ['edits = if_not_exists(edits, :zero) + :count'],
    conditions: limited ? ['attribute_not_exists(edits) OR edits <= :maxEdits'] : [],
    values: {
      ':zero': 0,
      ':count': count,
      ...(limited ? { ':maxEdits': FREE_WEEKLY_EDIT_LIMIT - count } : {}),
    },
  };
}
