import type { Profile, UpdateProfileResponse } from '@bloom/shared/api/schemas';
import { FIELD_MESSAGES } from '@bloom/shared/errors/catalogue';
import { DEFAULT_QUIZ_ANSWERS } from '@bloom/shared/quiz/quiz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlannerCloud, startPlannerCloud } from './support/planner-cloud';

/** Her language on her profile (docs/rules.md#languages): what push texts, her calendar and the coach follow. */

let cloud: PlannerCloud;
beforeAll(async () => {
  cloud = await startPlannerCloud();
});
afterAll(() => cloud?.stop());

describe('her language on /api/me', () => {
  it('is null until she has one, then the one she saved', async () => {
    const user = await cloud.newUser();
    expect((await user.call<Profile>('GET', '/api/me')).body.locale).toBeNull();

    const saved = await user.call<UpdateProfileResponse>('PUT', '/api/me', { locale: 'de' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ locale: 'de', planChange: null });
    expect((await user.call<Profile>('GET', '/api/me')).body.locale).toBe('de');
  });

  it('is kept when her time zone and answers change, and changes alone', async () => {
    const user = await cloud.newUser();
    await user.call('PUT', '/api/me', { locale: 'fr', timeZone: 'Europe/Paris' });
    await user.call('PUT', '/api/me', { timeZone: 'Europe/Madrid', quizAnswers: DEFAULT_QUIZ_ANSWERS });
    expect((await user.call<Profile>('GET', '/api/me')).body).toMatchObject({
      locale: 'fr',
      timeZone: 'Europe/Madrid',
    });
    await user.call('PUT', '/api/me', { locale: 'es' });
    expect((await user.call<Profile>('GET', '/api/me')).body).toMatchObject({
      locale: 'es',
      timeZone: 'Europe/Madrid',
      quizAnswers: DEFAULT_QUIZ_ANSWERS,
    });
  });

  it.each([['it'], ['de-DE'], ['EN'], [''], [7]])('refuses %j, and keeps the one she had', async (locale) => {
    const user = await cloud.newUser();
    await user.call('PUT', '/api/me', { locale: 'es' });
    const response = await user.call('PUT', '/api/me', { locale });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ locale: FIELD_MESSAGES.locale });
    expect((await user.call<Profile>('GET', '/api/me')).body.locale).toBe('es');
  });
});
