import { createIntl } from 'react-intl';
import { afterEach, expect, it, vi } from 'vitest';
import { loadWebMessages } from '../../lib/i18n';
import { englishMessages } from '../../testing/english-messages';
import { createFakeApi, makeWeek, planned } from '../../testing/fake-api';
import { downloadCompletedActivities } from './downloads';

/** The completed activities' CSV (docs/rules.md#her-data), in her language. */

afterEach(() => vi.restoreAllMocks());

/** Downloads the CSV through the fake API and returns its text. */
async function csvIn(locale: 'en' | 'de') {
  const saved: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob);
    return 'blob:bloom';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const done = { ...planned('gratitude', 0, 'Morning', true), activityId: 'gratitude-journal' };
  const { api } = createFakeApi(makeWeek([done, planned('stretch', 1, 'Evening')]));
  const messages = locale === 'en' ? englishMessages : await loadWebMessages(locale);
  await downloadCompletedActivities(api, createIntl({ locale, messages }), locale);
  return (await saved[0]?.text())?.replace(/^\uFEFF/, '').split('\r\n');
}

it('keeps the header and values as stored in English', async () => {
  const [header, row] = (await csvIn('en')) ?? [];
  expect(header).toBe('date,slot,activity,category,minutes');
  expect(row).toMatch(/^\d{4}-\d{2}-\d{2},Morning,Gratitude journal,Mental,5$/);
});

it('writes the header, slot, category and catalogue name in German', async () => {
  const [header, row] = (await csvIn('de')) ?? [];
  expect(header).toBe('Datum,Tageszeit,Aktivität,Kategorie,Minuten');
  expect(row).toMatch(/^\d{4}-\d{2}-\d{2},Morgen,Dankbarkeitstagebuch,Geist,5$/);
});
