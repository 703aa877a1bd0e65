import {
  completedActivitiesCsv,
  completedActivitiesFileName,
  csvCell,
  type ExportedActivity,
  exportFileName,
} from '@bloom/shared/account/export';
import { describe, expect, it } from 'vitest';

const activity = (overrides: Partial<ExportedActivity>): ExportedActivity => ({
  id: 'a',
  date: '2026-11-16',
  day: 0,
  slot: 'Morning',
  name: 'Gratitude Journal',
  category: 'Mental',
  duration: 5,
  completedAt: '2026-11-16T08:00:00.000Z',
  ...overrides,
});

describe('the completed-activities CSV', () => {
  it('is written in her words when given them: header, slot, activity and category', () => {
    const csv = completedActivitiesCsv(
      { weeks: [{ weekStart: '2026-11-16', activities: [activity({ name: 'Gratitude, Journal' })] }] },
      {
        header: ['Datum', 'Tageszeit', 'Aktivität', 'Kategorie', 'Minuten'],
        slot: (slot) => (slot === 'Morning' ? 'Morgen' : slot),
        activity: (done) => `${done.name}!`,
        category: (category) => (category === 'Mental' ? 'Geist' : category),
      },
    );
    expect(csv).toBe(
      '\uFEFFDatum,Tageszeit,Aktivität,Kategorie,Minuten\r\n2026-11-16,Morgen,"Gratitude, Journal!",Geist,5\r\n',
    );
  });

  it('lists only completed activities, by date, slot and name, with a header and CRLF line ends', () => {
    const csv = completedActivitiesCsv({
      weeks: [
        {
          weekStart: '2026-11-16',
          activities: [
            activity({ id: '1', date: '2026-11-17', slot: 'Evening', name: 'Warm Bath', duration: 20 }),
            activity({ id: '2', date: '2026-11-17', slot: 'Morning', name: 'Stretch', category: 'Physical' }),
            activity({ id: '3', name: 'Not done', completedAt: undefined }),
            activity({
              id: '4',
              date: '2026-11-16',
              slot: 'Midday',
              name: 'Call a friend',
              category: 'Social',
            }),
          ],
        },
      ],
    });
    expect(csv).toBe(
      '\uFEFFdate,slot,activity,category,minutes\r\n' +
        '2026-11-16,Midday,Call a friend,Social,5\r\n' +
        '2026-11-17,Morning,Stretch,Physical,5\r\n' +
        '2026-11-17,Evening,Warm Bath,Mental,20\r\n',
    );
  });

  it('is only the header when nothing was completed', () => {
    expect(completedActivitiesCsv({ weeks: [] })).toBe('\uFEFFdate,slot,activity,category,minutes\r\n');
  });

  it('quotes cells with quotes, commas and line breaks, doubling the quotes', () => {
    expect(csvCell('Tea, then "rest"')).toBe('"Tea, then ""rest"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvCell('Plain ritual 🌙')).toBe('Plain ritual 🌙');
    expect(csvCell(15)).toBe('15');
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('+1 walk')).toBe("'+1 walk");
    expect(csvCell('-walk')).toBe("'-walk");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tTab')).toBe("'\tTab");
    expect(csvCell('Walk = joy')).toBe('Walk = joy');
  });

  it('puts a custom activity named like a formula into a row as text', () => {
    const csv = completedActivitiesCsv({
      weeks: [{ weekStart: '2026-11-16', activities: [activity({ name: '=1+1, "yes"' })] }],
    });
    expect(csv.split('\r\n')[1]).toBe('2026-11-16,Morning,"\'=1+1, ""yes""",Mental,5');
  });

  it('names the files by the date', () => {
    expect(exportFileName('2026-11-23')).toBe('bloom-export-2026-11-23.json');
    expect(completedActivitiesFileName('2026-11-23')).toBe('bloom-completed-activities-2026-11-23.csv');
  });
});
