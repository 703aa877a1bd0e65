import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDayName,
  formatList,
  formatMinutes,
  formatMoney,
  formatNumber,
  formatPercent,
  formatTime,
} from '../src/i18n/format';

/** Dates, times, numbers and prices through Intl in her language (docs/rules.md#languages). */

const NBSP = '\u00a0';
const NARROW_NBSP = '\u202f';

describe('prices', () => {
  it('are €6.99 in English and 6,99 € in German, French and Spanish', () => {
    expect(formatMoney(6.99, 'EUR', 'en')).toBe('€6.99');
    for (const locale of ['de', 'fr', 'es'] as const)
      expect(formatMoney(6.99, 'EUR', locale)).toBe(`6,99${NBSP}€`);
    expect(formatMoney(49.99, 'EUR', 'en')).toBe('€49.99');
    expect(formatMoney(33.89, 'EUR', 'de')).toBe(`33,89${NBSP}€`);
  });
});

describe('numbers', () => {
  it('group thousands as each language does', () => {
    expect(formatNumber(1000, 'en')).toBe('1,000');
    expect(formatNumber(1000, 'de')).toBe('1.000');
    expect(formatNumber(1000, 'fr')).toBe(`1${NARROW_NBSP}000`);
    expect(formatNumber(1000, 'es')).toBe('1000');
    expect(formatNumber(10000, 'es')).toBe('10.000');
  });

  it('say minutes and percentages as each language does', () => {
    expect(formatMinutes(5, 'en')).toBe('5 min');
    expect(formatMinutes(5, 'de')).toBe('5 Min.');
    expect(formatPercent(0.4, 'en')).toBe('40%');
    expect(formatPercent(0.4, 'de')).toBe(`40${NBSP}%`);
  });
});

describe('dates and times', () => {
  it('write a calendar date in each language, whatever the zone of the machine', () => {
    expect(formatDate('2026-11-23', 'en', 'short')).toBe('Nov 23');
    expect(formatDate('2026-11-23', 'de', 'short')).toBe('23. Nov.');
    expect(formatDate('2026-11-23', 'en', 'long')).toBe('November 23, 2026');
    expect(formatDate('2026-11-23', 'fr', 'long')).toBe('23 novembre 2026');
    expect(formatDate('2026-11-23', 'es', 'long')).toBe('23 de noviembre de 2026');
    expect(formatDate('2026-11-23', 'de', 'weekday')).toBe('Montag, 23. November');
  });

  it('write a time of day in 12 hours in English and 24 in the others', () => {
    expect(formatTime(19, 30, 'en')).toMatch(/^7:30\sPM$/);
    expect(formatTime(19, 30, 'de')).toBe('19:30');
    expect(formatTime(7, 5, 'fr')).toBe('07:05');
    expect(formatTime(7, 5, 'de')).toBe('07:05');
    expect(formatTime(7, 5, 'es')).toBe('7:05');
  });

  it('write an instant in her time zone', () => {
    const instant = new Date('2026-11-23T18:30:00Z');
    expect(formatDateTime(instant, 'Europe/Berlin', 'de')).toBe('23. November 2026 um 19:30');
    expect(formatDateTime(instant, 'America/New_York', 'en')).toMatch(/^November 23, 2026 at 1:30\sPM$/);
  });

  it('name the days of the week from Monday', () => {
    expect([0, 1, 6].map((day) => formatDayName(day as 0 | 1 | 6, 'fr'))).toEqual([
      'lundi',
      'mardi',
      'dimanche',
    ]);
    expect(formatDayName(0, 'es', 'short')).toBe('lun');
    expect(formatDayName(6, 'en')).toBe('Sunday');
  });
});

it('joins a list as each language does', () => {
  expect(formatList(['a', 'b', 'c'], 'en')).toBe('a, b, and c');
  expect(formatList(['a', 'b', 'c'], 'de')).toBe('a, b und c');
  expect(formatList(['a', 'b'], 'es')).toBe('a y b');
});
