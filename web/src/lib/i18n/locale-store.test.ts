import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSavedLocale } from '../storage';
import { browserLocale, currentLocale, initialLocale, setLocale, subscribeLocale } from './locale-store';

/** Her language on this device (docs/rules.md#languages). */

afterEach(() => setLocale('en', 'menu'));

describe('browserLocale', () => {
  it.each([
    [['de-AT', 'en-US'], 'de'],
    [['it-IT', 'es-MX', 'en'], 'es'],
    [['fr'], 'fr'],
    [['pt-BR', 'it'], undefined],
    [[], undefined],
  ])('reads %j as %s', (languages, locale) => {
    expect(browserLocale(languages)).toBe(locale);
  });
});

describe('the language shown', () => {
  it('is the one she saved on this device before the browser’s', () => {
    expect(initialLocale()).toBe('en'); // jsdom's browser reads English
    setLocale('fr', 'menu');
    expect(initialLocale()).toBe('fr');
    expect(getSavedLocale()).toBe('fr');
  });

  it('is written where the site can read it, so her next visit’s landing is prerendered in it', () => {
    setLocale('es', 'menu');
    expect(document.cookie).toContain('bloom-locale=es');
  });

  it('tells whoever listens what changed it, once per change', () => {
    const heard = vi.fn();
    const stop = subscribeLocale(heard);
    setLocale('de', 'menu');
    setLocale('de', 'menu');
    setLocale('es', 'profile');
    stop();
    setLocale('fr', 'menu');
    expect(heard.mock.calls).toEqual([
      ['de', 'menu'],
      ['es', 'profile'],
    ]);
    expect(currentLocale()).toBe('fr');
  });
});
