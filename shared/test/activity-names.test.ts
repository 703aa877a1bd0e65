import { describe, expect, it } from 'vitest';
import { ACTIVITY_CATALOGUE } from '../src/catalogue/activities';
import { loadActivityNames } from '../src/i18n/activity-names';
import { LOCALES } from '../src/i18n/locales';

/** The catalogue's 169 activities named in every language (docs/rules.md#languages). */

const TRANSLATED = LOCALES.filter((locale) => locale !== 'en');
const digitsOf = (text: string) => text.match(/\d+/g) ?? [];

describe.each(TRANSLATED)('activity names in %s', (locale) => {
  it('name every catalogue activity, and nothing else', async () => {
    const names = await loadActivityNames(locale);
    const { default: file } = await import(`../src/i18n/activities/${locale}.json`);
    expect(Object.keys(file).sort()).toEqual(ACTIVITY_CATALOGUE.map((activity) => activity.id).sort());
    for (const activity of ACTIVITY_CATALOGUE) {
      const name = names.of(activity.id, activity.name);
      expect(name.trim(), activity.id).not.toBe('');
      // As long as a name she may type herself, so every screen that shows one has room for it.
      expect(name.length, name).toBeLessThanOrEqual(60);
      expect(digitsOf(name), name).toEqual(digitsOf(activity.name));
      if (activity.name.split(' ').length >= 3) expect(name, activity.id).not.toBe(activity.name);
    }
  });

  it('keep her own activities in her words', async () => {
    const names = await loadActivityNames(locale);
    expect(names.of('custom-0b7d', 'Call grandma')).toBe('Call grandma');
    expect(names.of('constructor', 'Stretch')).toBe('Stretch');
  });
});

it('are the stored names in English', async () => {
  const names = await loadActivityNames('en');
  expect(names.of('box-breathing', 'Box breathing')).toBe('Box breathing');
});

it('are German for a German profile', async () => {
  const names = await loadActivityNames('de');
  expect(names.of('candle-and-breathe', 'Light a candle and breathe')).toBe('Zünde eine Kerze an und atme');
});
