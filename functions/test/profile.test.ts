import type { Profile, UpdateProfileResponse } from '@bloom/shared/api/schemas';
import { DEFAULT_QUIZ_ANSWERS } from '@bloom/shared/quiz/quiz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlannerCloud, startPlannerCloud } from './support/planner-cloud';

let cloud: PlannerCloud;
beforeAll(async () => {
  cloud = await startPlannerCloud();
});
afterAll(() => cloud?.stop());

describe('/api/me', () => {
  it('describes a new user from the token, on the free plan, with no answers yet', async () => {
    const user = await cloud.newUser({ name: 'Maya Lind' });
    const response = await user.call<Profile>('GET', '/api/me');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: user.sub,
      email: user.email,
      name: 'Maya Lind',
      timeZone: 'UTC',
      tier: 'free',
      quizAnswers: null,
    });
  });

  it('stores the time zone and quiz answers', async () => {
    const user = await cloud.newUser();
    const answers = { ...DEFAULT_QUIZ_ANSWERS, focusAreas: ['Creative expression', 'Spiritual growth'] };
    const saved = await user.call<UpdateProfileResponse>('PUT', '/api/me', {
      timeZone: 'America/St_Johns',
      quizAnswers: answers,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ timeZone: 'America/St_Johns', quizAnswers: answers, tier: 'free' });
    // Her week was not planned yet, so the answers change nothing there: its first read plans it from them.
    const { planChange, ...profile } = saved.body;
    expect(planChange).toBeNull();
    const read = await user.call<Profile>('GET', '/api/me');
    expect(read.body).toEqual(profile);
    // A later time-zone change keeps the answers.
    await user.call('PUT', '/api/me', { timeZone: 'Asia/Kathmandu' });
    expect((await user.call<Profile>('GET', '/api/me')).body.quizAnswers).toEqual(answers);
  });

  it('keeps a Pro tier when the profile is saved again', async () => {
    const user = await cloud.newUser({ tier: 'pro' });
    const saved = await user.call<Profile>('PUT', '/api/me', { timeZone: 'Europe/Berlin' });
    expect(saved.body.tier).toBe('pro');
  });

  it.each([
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'timeZone'],
    [
      'an answer that is not an option',
      { quizAnswers: { ...DEFAULT_QUIZ_ANSWERS, vibe: 'Chaotic' } },
      'quizAnswers.vibe',
    ],
    ['no focus area', { quizAnswers: { ...DEFAULT_QUIZ_ANSWERS, focusAreas: [] } }, 'quizAnswers.focusAreas'],
    [
      'a missing answer',
      { quizAnswers: { ...DEFAULT_QUIZ_ANSWERS, energyLevel: undefined } },
      'quizAnswers.energyLevel',
    ],
    ['an unknown field', { timeZone: 'UTC', tier: 'pro' }, 'tier'],
  ])('refuses %s', async (_, body, field) => {
    const user = await cloud.newUser();
    const response = await user.call('PUT', '/api/me', body);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields)).toContain(field);
    expect((await user.call<Profile>('GET', '/api/me')).body.tier).toBe('free');
  });
});
