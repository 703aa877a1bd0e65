import { type Activity, CATEGORIES, type Category } from '@bloom/shared/planner/types';

export type CategoryFilter = Category | 'All';
export const CATEGORY_FILTERS: readonly CategoryFilter[] = ['All', ...CATEGORIES];

/** Activities matching the search text (name or category, any case) and the category chip. */
export function filterActivities(
  activities: readonly Activity[],
  search: string,
  category: CategoryFilter,
): Activity[] {
  const needle = search.trim().toLowerCase();
  return activities.filter(
    (activity) =>
      (category === 'All' || activity.category === category) &&
      (needle === '' ||
        activity.name.toLowerCase().includes(needle) ||
        activity.category.toLowerCase().includes(needle)),
  );
}

/** The library's sections: each category that has activities, in the catalogue's category order, A to Z. */
export function groupByCategory(
  activities: readonly Activity[],
): Array<{ category: Category; activities: Activity[] }> {
  return CATEGORIES.map((category) => ({
    category,
    activities: activities
      .filter((activity) => activity.category === category)
      .sort((a, b) => a.name.localeCompare(b.name)),
  })).filter((group) => group.activities.length > 0);
}

/** What to say when nothing matches (docs/rules.md#screens). */
export function emptyMessage(search: string, category: CategoryFilter): string {
  if (search.trim() !== '') return `No activities found for "${search.trim()}"`;
  if (category !== 'All') return `No ${category} activities available`;
  return 'No activities available';
}
