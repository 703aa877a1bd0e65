import type { WeekView } from '@bloom/shared/planner/types';
import { DEFAULT_QUIZ_ANSWERS } from '@bloom/shared/quiz/quiz';
import { addDays, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { api } from '../../local-cloud/testing/api';
import { signIn } from '../../local-cloud/testing/sign-in';

/**
 * A typical active user's month, as the web app would call the API for it (what it sends on sign-in, on opening
 * the planner, on a tick...): the counts of the issue, spread over the weeks of a month. Every write is one the
 * free plan allows (at most 10 edits a week), so the month costs what it would, not what refusals cost.
 */
export const MONTH = {
  signInDays: 20,
  weekLoads: 40,
  ticks: 60,
  edits: 10,
  customActivities: 2,
  /** Pro only. */
  coachMessages: 30,
} as const;

export interface MonthCounts {
  /** Sign-ins through the hosted UI (authorize + token) and token refreshes (one per later app open). */
  cognitoSignIns: number;
  cognitoRefreshes: number;
  /** Times the app is opened (index.html, config.json). */
  appOpens: number;
}

const TIME_ZONE = 'Europe/Berlin';

interface Cloud {
  url: string;
  clientId: string;
}

/** Runs one user's month against the cloud; `pro` makes her Pro first (through `makePro`) and adds the coach. */
export async function runTypicalMonth(
  cloud: Cloud,
  email: string,
  options: { pro: boolean; makePro(sub: string): Promise<void> },
): Promise<MonthCounts> {
  const user = await signIn(cloud, { email, name: 'Cost Model' });
  if (options.pro) await options.makePro(user.sub);
  const client = api(cloud, user.idToken);
  const expectOk = async <T>(call: Promise<{ status: number; body: T }>, what: string): Promise<T> => {
    const response = await call;
    if (response.status >= 300)
      throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };

  const thisWeek = weekStartOf(todayIn(TIME_ZONE, new Date()));
  // Loads: mostly this week, and the neighbouring weeks she looks at (each future one is planned once).
  const loadedWeeks = [thisWeek, addDays(thisWeek, 7), addDays(thisWeek, -7), addDays(thisWeek, 14)];

  // Each sign-in day: the profile sync (time zone; the quiz answers the first time), the profile, the catalogue.
  for (let day = 0; day < MONTH.signInDays; day++) {
    await expectOk(
      client.put(
        '/api/me',
        day === 0 ? { timeZone: TIME_ZONE, quizAnswers: DEFAULT_QUIZ_ANSWERS } : { timeZone: TIME_ZONE },
      ),
      'PUT /api/me',
    );
    await expectOk(client.get('/api/me'), 'GET /api/me');
    await expectOk(client.get('/api/activities'), 'GET /api/activities');
  }

  let week = await expectOk(client.get<WeekView>(`/api/weeks/${thisWeek}`), 'GET week');
  for (let load = 1; load < MONTH.weekLoads; load++) {
    const weekStart = load % 4 === 0 ? (loadedWeeks[(load / 4) % loadedWeeks.length] as string) : thisWeek;
    const loaded = await expectOk(client.get<WeekView>(`/api/weeks/${weekStart}`), 'GET week');
    if (weekStart === thisWeek) week = loaded;
  }

  // Ticks: each planned activity of this week in turn, ticked or unticked.
  const planned = week.days.flatMap((day) => day.activities);
  if (planned.length === 0) throw new Error('The seeded week has no activities to tick');
  const completed = new Map(planned.map((activity) => [activity.id, activity.completed]));
  for (let tick = 0; tick < MONTH.ticks; tick++) {
    const activity = planned[tick % planned.length] as (typeof planned)[number];
    const next = !completed.get(activity.id);
    await expectOk(
      client.patch(`/api/weeks/${thisWeek}/activities/${activity.id}`, { completed: next }),
      'tick',
    );
    completed.set(activity.id, next);
  }

  // Edits, next week (this week keeps its ticks): adds, moves and removes; then two custom activities.
  const nextWeek = addDays(thisWeek, 7);
  const next = await expectOk(client.get<WeekView>(`/api/weeks/${nextWeek}`), 'GET next week');
  const catalogue = await expectOk(
    client.get<{ activities: Array<{ id: string }> }>('/api/activities'),
    'GET /api/activities',
  );
  const nextPlanned = next.days.flatMap((day) => day.activities);
  const adds = 4;
  const moves = 3;
  const removes = MONTH.edits - adds - moves;
  for (let add = 0; add < adds; add++) {
    const activity = catalogue.activities[add] as { id: string };
    await expectOk(
      client.post(`/api/weeks/${nextWeek}/days/${add}/activities`, {
        slot: 'Evening',
        activityIds: [activity.id],
      }),
      'add',
    );
  }
  for (let move = 0; move < moves; move++) {
    const activity = nextPlanned[move] as { id: string };
    await expectOk(
      client.patch(`/api/weeks/${nextWeek}/activities/${activity.id}`, { day: 6, slot: 'Midday' }),
      'move',
    );
  }
  for (let remove = 0; remove < removes; remove++) {
    const activity = nextPlanned[moves + remove] as { id: string };
    await expectOk(client.delete(`/api/weeks/${nextWeek}/activities/${activity.id}`), 'remove');
  }
  // Custom activities go into the week after (this week's edits are spent on the moves above).
  const laterWeek = addDays(thisWeek, 14);
  for (let custom = 0; custom < MONTH.customActivities; custom++) {
    await expectOk(
      client.post('/api/activities', {
        name: `Evening walk ${custom + 1}`,
        duration: 20,
        category: 'Physical',
        icon: '🚶',
        weekStart: laterWeek,
        day: custom,
        slot: 'Evening',
      }),
      'custom activity',
    );
  }

  if (options.pro) {
    // Conversations of three messages: the web sends the conversation so far with each one.
    let history: Array<{ role: 'user' | 'assistant'; content: string }> = [];
    for (let message = 0; message < MONTH.coachMessages; message++) {
      if (message % 3 === 0) history = [];
      const text = 'I feel a bit tired in the evenings, what could help me wind down?';
      const reply = await expectOk(
        client.post<{ message: string }>('/api/coach/messages', {
          message: text,
          conversationHistory: history,
        }),
        'coach message',
      );
      history = [...history, { role: 'user', content: text }, { role: 'assistant', content: reply.message }];
    }
  }

  return { cognitoSignIns: 1, cognitoRefreshes: MONTH.signInDays - 1, appOpens: MONTH.signInDays };
}
