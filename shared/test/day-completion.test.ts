import { describe, expect, it } from 'vitest';
import { completedDaysAfter, type DayEntry, dayMarkAfterChange } from '../src/planner/rules';

const done = (id: string): DayEntry => ({ id, completed: true });
const open = (id: string): DayEntry => ({ id, completed: false });

describe('dayMarkAfterChange', () => {
  it('marks a day that is complete after the write and not marked yet', () => {
    // The last open activity ticked, removed, or moved away; or a finished activity moved into an empty day.
    expect(
      dayMarkAfterChange({ marked: false, before: [open('a'), done('b')], after: [done('a'), done('b')] }),
    ).toBe('mark');
    expect(dayMarkAfterChange({ marked: false, before: [open('a'), done('b')], after: [done('b')] })).toBe(
      'mark',
    );
    expect(dayMarkAfterChange({ marked: false, before: [], after: [done('a')] })).toBe('mark');
  });

  it('never marks a day without activities, or with one still open', () => {
    expect(dayMarkAfterChange({ marked: false, before: [open('a')], after: [] })).toBe('keep');
    expect(dayMarkAfterChange({ marked: false, before: [done('a')], after: [done('a'), open('b')] })).toBe(
      'keep',
    );
  });

  it('unmarks a completed day that gains an open activity', () => {
    expect(dayMarkAfterChange({ marked: true, before: [done('a')], after: [done('a'), open('b')] })).toBe(
      'unmark',
    );
  });

  it('unmarks a completed day that loses its last activity', () => {
    expect(dayMarkAfterChange({ marked: true, before: [done('a')], after: [] })).toBe('unmark');
  });

  it('keeps a day marked by hand while activities were open, whatever is added or removed', () => {
    expect(dayMarkAfterChange({ marked: true, before: [open('a')], after: [open('a'), open('b')] })).toBe(
      'keep',
    );
    expect(dayMarkAfterChange({ marked: true, before: [open('a')], after: [] })).toBe('keep');
    expect(dayMarkAfterChange({ marked: true, before: [], after: [open('a')] })).toBe('keep');
  });

  it('keeps the mark when she unticks an activity: unmarking by progress is her choice', () => {
    expect(
      dayMarkAfterChange({ marked: true, before: [done('a'), done('b')], after: [done('a'), open('b')] }),
    ).toBe('keep');
  });

  it('keeps a marked day that stays complete', () => {
    expect(dayMarkAfterChange({ marked: true, before: [done('a'), done('b')], after: [done('a')] })).toBe(
      'keep',
    );
    expect(dayMarkAfterChange({ marked: true, before: [done('a')], after: [done('a'), done('b')] })).toBe(
      'keep',
    );
  });
});

describe('completedDaysAfter', () => {
  it('adds a marked day in order, drops an unmarked one, and keeps the rest', () => {
    expect(completedDaysAfter([1, 5], 3, 'mark')).toEqual([1, 3, 5]);
    expect(completedDaysAfter([1, 3], 3, 'mark')).toEqual([1, 3]);
    expect(completedDaysAfter([1, 3, 5], 3, 'unmark')).toEqual([1, 5]);
    expect(completedDaysAfter([1, 5], 3, 'keep')).toEqual([1, 5]);
  });
});
