import type { Activity } from '@bloom/shared/planner/types';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { englishMessages } from '../../../testing/english-messages';
import { wordsOf } from '../i18n';
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
    const intl = createIntl({ locale: 'en-US', messages: englishMessages });
    const say = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
    const { category } = wordsOf(intl);
    expect(emptyMessage(' yoga ', 'All', say, category)).toBe('No activities found for "yoga"');
    expect(emptyMessage('', 'Sensory', say, category)).toBe('No Sensory activities available');
  });
});
