import type { Activity } from '@bloom/shared/planner/types';
import { describe, expect, it } from 'vitest';
import { emptyMessage, filterActivities, groupByCategory } from './library-model';

const activity = (id: string, name: string, category: Activity['category']): Activity => ({
  id,
  name,
  category,
  duration: 5,
  icon: '🌸',
  timePeriod: 'Any',
  isCustom: false,
});

const LIBRARY = [
  activity('a', 'Walk outside', 'Physical'),
  activity('b', 'Journal', 'Mental'),
  activity('c', 'Call a friend', 'Social'),
  activity('d', 'Breathe', 'Mental'),
];

describe('library model', () => {
  it('filters by search text (name or category, any case) and by category chip', () => {
    expect(filterActivities(LIBRARY, 'WALK', 'All').map((entry) => entry.id)).toEqual(['a']);
    expect(filterActivities(LIBRARY, 'mental', 'All').map((entry) => entry.id)).toEqual(['b', 'd']);
    expect(filterActivities(LIBRARY, '', 'Social').map((entry) => entry.id)).toEqual(['c']);
    expect(filterActivities(LIBRARY, 'journal', 'Physical')).toEqual([]);
  });

  it('groups by category in catalogue order, A to Z, leaving out empty categories', () => {
    expect(
      groupByCategory(LIBRARY).map((group) => [group.category, group.activities.map((entry) => entry.name)]),
    ).toEqual([
      ['Mental', ['Breathe', 'Journal']],
      ['Physical', ['Walk outside']],
      ['Social', ['Call a friend']],
    ]);
  });

  it('says why nothing is shown: the search, or the category', () => {
    expect(emptyMessage(' yoga ', 'All')).toBe('No activities found for "yoga"');
    expect(emptyMessage('', 'Sensory')).toBe('No Sensory activities available');
  });
});
