import { testDynamoDbEndpoint } from '@bloom/scripts/local-cloud/testing/provided';
import type { UpdatePlannedActivityResponse } from '@bloom/shared/api/schemas';
import { PROGRESS_WEEKS, type ProgressView } from '@bloom/shared/progress/progress';
import { addDays, addWeeks, dayIndexOf, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isClosedAccountCheck, startCountingProxy } from './support/counting-proxy';
import { type PlannerCloud, planActivities, startPlannerCloud } from './support/planner-cloud';

/** "Your progress" (docs/rules.md#progress): one route, at most three DynamoDB requests, never a Scan. */

let proxy: Awaited<ReturnType<typeof startCountingProxy>>;
let cloud: PlannerCloud;
beforeAll(async () => {
  proxy = await startCountingProxy(testDynamoDbEndpoint());
  cloud = await startPlannerCloud({ dynamodbEndpoint: proxy.endpoint } as never);
});
afterAll(async () => {
  await cloud?.stop();
  await proxy?.stop();
});

const today = () => todayIn('UTC', new Date());

describe('GET /api/me/progress', () => {
  it('shows completed and rest days, minutes per week and the categories she does most', async () => {
    const user = await cloud.newUser();
    const week = addWeeks(weekStartOf(today()), -3);
    const { added } = await planActivities(user, week, 1, 'Morning', [
      'gratitude-journal',
      'savour-your-coffee',
    ]);
    for (const activity of added)
      await user.call<UpdatePlannedActivityResponse>(
        'PATCH',
        `/api/weeks/${week}/activities/${activity.id}`,
        {
          completed: true,
        },
      );
    await user.call('PUT', `/api/weeks/${week}/days/2/rest`, { rest: true });
    const ancient = addWeeks(weekStartOf(today()), -PROGRESS_WEEKS);
    await user.call('PUT', `/api/weeks/${ancient}/days/0/completion`, { completed: true });

    const requests = await proxy.during(async () => {
      const response = await user.call<ProgressView>('GET', '/api/me/progress');
      expect(response.status).toBe(200);
      const progress = response.body;
      expect(progress.weeks).toHaveLength(PROGRESS_WEEKS);
      expect(progress.weeks.at(-1)?.weekStart).toBe(weekStartOf(progress.today));
      // A week older than the window is not in it.
      expect(progress.weeks.some((entry) => entry.weekStart === ancient)).toBe(false);
      const shown = progress.weeks.find((entry) => entry.weekStart === week);
      expect(shown?.days.map((day) => day.state).slice(0, 3)).toEqual(['open', 'complete', 'rest']);
      expect(shown?.minutes).toBe(added.reduce((sum, activity) => sum + activity.duration, 0));
      expect(shown).toMatchObject({ completedDays: 1, restDays: 1 });
      const categories = new Set(added.map((activity) => activity.category));
      expect(progress.categories.map((entry) => entry.category).sort()).toEqual([...categories].sort());
      expect(progress.categories.reduce((sum, entry) => sum + entry.activities, 0)).toBe(added.length);
    });
    // Beside the closed-account check every signed-in route makes (docs/rules.md#closed-accounts).
    expect(requests.filter(isClosedAccountCheck)).toHaveLength(1);
    const own = requests.filter((request) => !isClosedAccountCheck(request));
    expect(own.map((request) => request.operation).sort()).toEqual(['GetItem', 'Query', 'Query']);
    expect(requests.some((request) => request.operation === 'Scan')).toBe(false);
  });

  it('carries the streak as the planner counts it, rest days stepped over', async () => {
    const user = await cloud.newUser();
    const [first, second, third] = [-3, -2, -1].map((offset) => addDays(today(), offset)) as [
      string,
      string,
      string,
    ];
    const path = (date: string) => `/api/weeks/${weekStartOf(date)}/days/${dayIndexOf(date)}`;
    await user.call('PUT', `${path(first)}/completion`, { completed: true });
    await user.call('PUT', `${path(second)}/rest`, { rest: true });
    await user.call('PUT', `${path(third)}/completion`, { completed: true });
    const progress = (await user.call<ProgressView>('GET', '/api/me/progress')).body;
    expect(progress.streak).toBe(2);
    const states = new Map(progress.weeks.flatMap((entry) => entry.days.map((day) => [day.date, day.state])));
    expect([first, second, third].map((date) => states.get(date))).toEqual(['complete', 'rest', 'complete']);
  });

  it('is empty, not an error, for someone who has done nothing yet', async () => {
    const user = await cloud.newUser();
    const progress = (await user.call<ProgressView>('GET', '/api/me/progress')).body;
    expect(progress.categories).toEqual([]);
    expect(progress.streak).toBe(0);
    expect(progress.weeks.every((entry) => entry.minutes === 0)).toBe(true);
  });
});
