import {
  completedActivitiesCsv,
  completedActivitiesFileName,
  exportFileName,
} from '@bloom/shared/account/export';
import type { BloomApi } from '../../lib/api';
import { saveFile } from '../../lib/save-file';

/** "Download my data": everything Bloom holds about her, as `bloom-export-{date}.json`. */
export async function downloadMyData(api: BloomApi): Promise<void> {
  const data = await api.exportAccount();
  saveFile(exportFileName(data.exportDate), 'application/json', `${JSON.stringify(data, null, 2)}\n`);
}

/** "Download completed activities": one row per activity she ticked, as `bloom-completed-activities-{date}.csv`. */
export async function downloadCompletedActivities(api: BloomApi): Promise<void> {
  const data = await api.exportAccount();
  saveFile(
    completedActivitiesFileName(data.exportDate),
    'text/csv;charset=utf-8',
    completedActivitiesCsv(data),
  );
}
