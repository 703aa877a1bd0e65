import { findCatalogueActivity } from '@bloom/shared/catalogue/activities';
import type { Activity } from '@bloom/shared/planner/types';
import { toCustomActivity } from '../data/items';
import { queryCustomActivities } from '../data/reads';
import { DomainError } from '../domain-error';

/**
 * Looks activities up by id: the catalogue is in code, custom activities are the caller's own items. An id
 * that is neither (including another user's custom activity) is a 404.
 */
export async function resolveActivities(userId: string, ids: readonly string[]): Promise<Activity[]> {
  const needsCustom = ids.some((id) => !findCatalogueActivity(id));
  const custom = needsCustom
    ? new Map((await queryCustomActivities(userId)).map((item) => [item.id, item]))
    : new Map();
  return ids.map((id) => {
    const fromCatalogue = findCatalogueActivity(id);
    if (fromCatalogue) return fromCatalogue;
    const mine = custom.get(id);
    if (!mine) throw new DomainError('not_found');
    return toCustomActivity(mine);
  });
}
