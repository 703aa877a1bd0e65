import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { currentLocale, setLocale } from '../../../lib/i18n';
import { createFakeApi, makeWeek } from '../../../testing/fake-api';
import { renderPlanner } from '../testing/render';
import { useSaveLocaleFromMenu } from './use-profile';

/** What the signed-in app mounts once, on every page (app/profile-language.tsx). */
function SaveLocaleFromMenu() {
  useSaveLocaleFromMenu();
  return <p>Planner</p>;
}

/** Her language between this device and her profile (docs/rules.md#languages), from sign-in on. */

afterEach(() => setLocale('en', 'menu'));

const localeWrites = (fake: ReturnType<typeof createFakeApi>) =>
  fake.calls
    .filter((call) => call.name === 'updateProfile')
    .map((call) => (call.args[0] as { locale?: string }).locale)
    .filter((locale) => locale !== undefined);

describe('her language at sign-in', () => {
  it("shows her profile's language on this device, and saves nothing", async () => {
    const fake = createFakeApi(makeWeek([]), { locale: 'fr' });
    renderPlanner(<p>Planner</p>, { api: fake.api });
    await waitFor(() => expect(currentLocale()).toBe('fr'));
    expect(localeWrites(fake)).toEqual([]);
  });

  it("gives a profile without one this device's", async () => {
    setLocale('es', 'menu');
    const fake = createFakeApi(makeWeek([]), { locale: null });
    renderPlanner(<p>Planner</p>, { api: fake.api });
    await waitFor(() => expect(localeWrites(fake)).toEqual(['es']));
    expect(currentLocale()).toBe('es');
  });

  it('saves a language she then picks in the menu on her profile, once', async () => {
    const fake = createFakeApi(makeWeek([]), { locale: 'en' });
    renderPlanner(<SaveLocaleFromMenu />, { api: fake.api });
    await waitFor(() => expect(fake.calls.some((call) => call.name === 'updateProfile')).toBe(true));
    act(() => setLocale('de', 'menu'));
    await waitFor(() => expect(localeWrites(fake)).toEqual(['de']));
    act(() => setLocale('de', 'menu'));
    expect(localeWrites(fake)).toEqual(['de']);
  });
});

describe('her language after sign-in', () => {
  it('the planner shown again keeps the language she picked since, and saves it', async () => {
    const fake = createFakeApi(makeWeek([]), { locale: 'en' });
    const first = renderPlanner(<SaveLocaleFromMenu />, { api: fake.api });
    await waitFor(() => expect(fake.calls.some((call) => call.name === 'updateProfile')).toBe(true));
    act(() => setLocale('fr', 'menu'));
    await waitFor(() => expect(localeWrites(fake)).toEqual(['fr']));
    first.unmount();
    renderPlanner(<SaveLocaleFromMenu />, { api: fake.api });
    await waitFor(() => expect(fake.calls.filter((call) => call.name === 'updateProfile')).toHaveLength(3));
    expect(currentLocale()).toBe('fr');
  });
});
