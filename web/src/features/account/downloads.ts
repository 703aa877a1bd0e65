import {
  type CompletedActivitiesWords,
  completedActivitiesCsv,
  completedActivitiesFileName,
  exportFileName,
} from '@bloom/shared/account/export';
import { loadActivityNames } from '@bloom/shared/i18n/activity-names';
import type { Locale } from '@bloom/shared/i18n/locales';
import type { Category, Slot } from '@bloom/shared/planner/types';
import type { IntlShape } from 'react-intl';
import { categoryMessageId } from '../../components/category-badge';
import { slotMessageId } from '../../components/slot-name';
import type { BloomApi } from '../../lib/api';
import { saveFile } from '../../lib/save-file';

/** "Download my data": everything Bloom holds about her, as `bloom-export-{date}.json`. */
export async function downloadMyData(api: BloomApi): Promise<void> {
  const data = await api.exportAccount();
  saveFile(exportFileName(data.exportDate), 'application/json', `${JSON.stringify(data, null, 2)}\n`);
}

/**
 * "Download completed activities": one row per activity she ticked, as `bloom-completed-activities-{date}.csv`,
 * in her language (the header, slots, categories and the catalogue's activity names; English as stored). The
 * JSON export stays as Bloom stores it: its keys are data, not words.
 */
export async function downloadCompletedActivities(
  api: BloomApi,
  intl: IntlShape,
  locale: Locale,
): Promise<void> {
  const [data, names] = await Promise.all([api.exportAccount(), loadActivityNames(locale)]);
  const say = (id: string) => intl.formatMessage({ id });
  // Slots and categories by the components' names, as every screen shows them; anything else as stored.
  const named = (id: string, stored: string) => (intl.messages[id] ? say(id) : stored);
  const words: CompletedActivitiesWords = {
    header: [
      say('account.csv.date'),
      say('account.csv.slot'),
      say('account.csv.activity'),
      say('account.csv.category'),
      say('account.csv.minutes'),
    ],
    slot: (slot) => named(slotMessageId(slot as Slot), slot),
    category: (category) => named(categoryMessageId(category as Category), category),
    activity: (activity) =>
      typeof activity.activityId === 'string' ? names.of(activity.activityId, activity.name) : activity.name,
  };
  saveFile(
    completedActivitiesFileName(data.exportDate),
    'text/csv;charset=utf-8',
    completedActivitiesCsv(data, words),
  );
}
