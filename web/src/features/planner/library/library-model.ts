import { type Activity, CATEGORIES, type Category } from '@bloom/shared/planner/types';

export type CategoryFilter = Category | 'All';
export const CATEGORY_FILTERS: readonly CategoryFilter[] = ['All', ...CATEGORIES];

/**
 * Activities matching the search text (name or category, any case, as she reads them: `categoryName`) and the
 * category chip.
 */
export function filterActivities(
  activities: readonly Activity[],
  search: string,
  category: CategoryFilter,
  categoryName: (category: Category) => string = (name) => name,
): Activity[] {
  const needle = search.trim().toLowerCase();
  return activities.filter(
    (activity) =>
      (category === 'All' || activity.category === category) &&
      (needle === '' ||
        activity.name.toLowerCase().includes(needle) ||
        categoryName(activity.category).toLowerCase().includes(needle)),
  );
}

/** The library's sections: each category that has activities, in the catalogue's category order, A to Z. */
export function groupByCategory(
  activities: readonly Activity[],
  locale?: string,
): Array<{ category: Category; activities: Activity[] }> {
  return CATEGORIES.map((category) => ({
    category,
    activities: activities
      .filter((activity) => activity.category === category)
      .sort((a, b) => a.name.localeCompare(b.name, locale)),
  })).filter((group) => group.activities.length > 0);
}

/** What to say when nothing matches (docs/rules.md#screens), in her language. */
export function emptyMessage(
  search: string,
  category: CategoryFilter,
  say: (id: string, values?: Record<string, string>) => string,
  categoryName: (category: Category) => string,
): string {
  if (search.trim() !== '') return say('planner.library.noneFound', { search: search.trim() });
  if (category !== 'All') return say('planner.library.noneInCategory', { category: categoryName(category) });
  return say('planner.library.none');
}
