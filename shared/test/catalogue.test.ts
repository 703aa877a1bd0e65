import { describe, expect, it } from 'vitest';
import { ACTIVITY_CATALOGUE, CATALOGUE_VERSION, findCatalogueActivity } from '../src/catalogue/activities';
import { ICON_CHOICES, iconsForCategory } from '../src/catalogue/icons';
import { CATEGORIES, FOCUS_TAGS, TIME_PERIODS, VIBE_TAGS } from '../src/planner/types';
import { isOneEmoji } from '../src/validation/text';

describe('activity catalogue', () => {
  it('is versioned', () => {
    expect(CATALOGUE_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}\.\d+$/);
  });

  it('keeps the landing page promise of 100+ activities, each distinct', () => {
    expect(ACTIVITY_CATALOGUE.length).toBeGreaterThanOrEqual(110);
    expect(new Set(ACTIVITY_CATALOGUE.map((entry) => entry.id)).size).toBe(ACTIVITY_CATALOGUE.length);
    const names = ACTIVITY_CATALOGUE.map((entry) => entry.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('has well-formed entries', () => {
    for (const entry of ACTIVITY_CATALOGUE) {
      expect(entry.id, entry.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(entry.id.length).toBeLessThanOrEqual(64);
      expect(entry.name.trim(), entry.id).toBe(entry.name);
      expect(entry.name.length, entry.id).toBeGreaterThan(3);
      expect(entry.name.length, entry.id).toBeLessThanOrEqual(60);
      expect(Number.isInteger(entry.duration) && entry.duration >= 1 && entry.duration <= 60, entry.id).toBe(
        true,
      );
      expect(isOneEmoji(entry.icon), `${entry.id} icon ${entry.icon}`).toBe(true);
      expect(CATEGORIES).toContain(entry.category);
      expect(TIME_PERIODS).toContain(entry.timePeriod);
      expect(entry.isCustom).toBe(false);
      expect(['low', 'medium', 'high']).toContain(entry.effort);
      expect(entry.vibes.length, entry.id).toBeGreaterThan(0);
      expect(new Set(entry.vibes).size).toBe(entry.vibes.length);
      for (const vibe of entry.vibes) expect(VIBE_TAGS).toContain(vibe);
      expect(entry.focus.length, entry.id).toBeGreaterThan(0);
      expect(new Set(entry.focus).size).toBe(entry.focus.length);
      for (const focus of entry.focus) expect(FOCUS_TAGS).toContain(focus);
    }
  });

  it('covers every category and time period generously', () => {
    for (const category of CATEGORIES) {
      expect(
        ACTIVITY_CATALOGUE.filter((entry) => entry.category === category).length,
        category,
      ).toBeGreaterThanOrEqual(20);
    }
    for (const period of TIME_PERIODS) {
      expect(
        ACTIVITY_CATALOGUE.filter((entry) => entry.timePeriod === period).length,
        period,
      ).toBeGreaterThanOrEqual(15);
    }
  });

  it('offers short activities for every focus and vibe in every slot', () => {
    for (const slot of ['Morning', 'Midday', 'Evening'] as const) {
      const inSlot = ACTIVITY_CATALOGUE.filter(
        (entry) => (entry.timePeriod === slot || entry.timePeriod === 'Any') && entry.duration <= 10,
      );
      for (const focus of FOCUS_TAGS) {
        expect(
          inSlot.filter((entry) => entry.focus.includes(focus)).length,
          `${slot} ${focus}`,
        ).toBeGreaterThanOrEqual(5);
      }
      for (const vibe of VIBE_TAGS) {
        expect(
          inSlot.filter((entry) => entry.vibes.includes(vibe)).length,
          `${slot} ${vibe}`,
        ).toBeGreaterThanOrEqual(5);
      }
      for (const effort of ['low', 'medium', 'high'] as const) {
        expect(
          inSlot.filter((entry) => entry.effort === effort).length,
          `${slot} ${effort}`,
        ).toBeGreaterThanOrEqual(5);
      }
    }
  });

  it('finds activities by id', () => {
    expect(findCatalogueActivity('gratitude-journal')?.name).toBe('Gratitude journal');
    for (const entry of ACTIVITY_CATALOGUE) expect(findCatalogueActivity(entry.id)).toBe(entry);
    expect(findCatalogueActivity('no-such-activity')).toBeUndefined();
    expect(findCatalogueActivity('')).toBeUndefined();
  });
});

describe('icon choices', () => {
  it('has about 115 distinct emoji, each named', () => {
    expect(ICON_CHOICES.length).toBeGreaterThanOrEqual(110);
    expect(ICON_CHOICES.length).toBeLessThanOrEqual(125);
    expect(new Set(ICON_CHOICES.map((choice) => choice.emoji)).size).toBe(ICON_CHOICES.length);
    for (const choice of ICON_CHOICES) {
      expect(isOneEmoji(choice.emoji), choice.name).toBe(true);
      expect(choice.name.length).toBeGreaterThan(1);
      expect(CATEGORIES).toContain(choice.category);
    }
  });

  it('fills the picker with 24 icons of the chosen category', () => {
    for (const category of CATEGORIES) {
      const icons = iconsForCategory(category);
      expect(icons).toHaveLength(24);
      expect(icons.every((choice) => choice.category === category)).toBe(true);
    }
    expect(iconsForCategory('Sensory', 5)).toHaveLength(5);
    expect(iconsForCategory('Social', 0)).toHaveLength(0);
  });
});
