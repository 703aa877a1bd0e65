import { CLIENT_MESSAGES, ERRORS, type ErrorCode } from '@bloom/shared/errors/catalogue';
import type { WeekView } from '@bloom/shared/planner/types';
import { MutationObserver, onlineManager, type QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/api';
import { errorFromResponse } from '../../../lib/api/errors';
import { type DeviceStore, keepQueuedWrites } from '../../../lib/api/persisted-writes';
import { queuedWriteKey } from '../../../lib/api/write-queue';
import { createFakeApi, LIBRARY, makeWeek, planned } from '../../../testing/fake-api';
import type { PlannerUi } from '../planner-ui';
import { WAITING_TO_SYNC } from '../sync-mark';
import { renderPlanner, testQueryClient } from '../testing/render';
import { WeeklyPlanner } from '../week/weekly-planner';
import { isPlaceholder } from '../week-model';
import { registerWeekWrites } from './week-writes';

const noop = () => {};

/** The server's answer while a dependency is down: 503, asking to be tried again in a moment. */
const unavailable = (retryAfterMs = 20) =>
  errorFromResponse(
    503,
    { error: { code: 'service_unavailable', message: ERRORS.service_unavailable.message } },
    retryAfterMs,
  );
const refusal = (status: number, code: ErrorCode) =>
  errorFromResponse(status, { error: { code, message: ERRORS[code].message } });

/** IndexedDB as the browser keeps it: values are copied in and out. */
function memoryStore(): DeviceStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async (key) => structuredClone(data.get(key)),
    set: async (key, value) => {
      data.set(key, structuredClone(value));
    },
    del: async (key) => {
      data.delete(key);
    },
  };
}

function week() {
  return makeWeek([planned('gratitude', 0, 'Morning', true), planned('stretch', 0, 'Evening')]);
}

/** The planner's UI as a write needs it, outside React. */
function plannerUi(notify = vi.fn()) {
  const ui = {
    notify,
    inform: notify,
    celebrate: vi.fn(),
    showLimitPrompt: vi.fn(),
    now: () => new Date('2026-11-18T09:00:00Z'),
  } as unknown as PlannerUi;
  return () => ui;
}

/** A page's session: her query client with the planner's writes registered and the week loaded. */
function session(fake: ReturnType<typeof createFakeApi>, notify = vi.fn()) {
  const client = testQueryClient();
  registerWeekWrites(client, fake.api, plannerUi(notify));
  client.setQueryData(queryKeys.week(fake.current().weekStart), fake.current());
  client.setQueryData(queryKeys.activities, { activities: LIBRARY });
  return client;
}

/** Makes a write as a screen does, with the key of her action. */
function act(client: QueryClient, name: string, variables: Record<string, unknown>) {
  const observer = new MutationObserver<unknown, unknown, Record<string, unknown>>(client, {
    mutationKey: queuedWriteKey(name),
  });
  return observer.mutate(variables).catch(() => undefined);
}

const shownWeek = (client: QueryClient, fake: ReturnType<typeof createFakeApi>) =>
  client.getQueryData<WeekView>(queryKeys.week(fake.current().weekStart)) as WeekView;
const activitiesOf = (view: WeekView) => view.days.flatMap((day) => day.activities);
const callsOf = (fake: ReturnType<typeof createFakeApi>, name: string) =>
  fake.calls.filter((call) => call.name === name);

afterEach(() => onlineManager.setOnline(true));

describe('the write queue (docs/rules.md#errors-and-messages)', () => {
  it('keeps a tick answered 503 on screen, says so once, and sends it again with the same key', async () => {
    const notify = vi.fn();
    const fake = createFakeApi(week());
    fake.setFailing('updatePlannedActivity', unavailable());
    renderPlanner(<WeeklyPlanner mobile={false} onOpenDay={noop} onStartOver={noop} />, {
      api: fake.api,
      notify,
    });
    const user = userEvent.setup();
    const monday = (await screen.findByRole('heading', { name: 'Monday' })).closest('article') as HTMLElement;
    const box = within(monday).getByRole('checkbox', { name: /Gentle stretch/ });

    await user.click(box);
    expect(await within(monday).findByText(WAITING_TO_SYNC)).toBeInTheDocument();
    await waitFor(() => expect(callsOf(fake, 'updatePlannedActivity').length).toBeGreaterThan(2));
    expect(box).toBeChecked();
    expect(notify.mock.calls).toEqual([[CLIENT_MESSAGES.changePending]]);

    fake.setFailing('updatePlannedActivity', null);
    await waitFor(() => expect(within(monday).queryByText(WAITING_TO_SYNC)).not.toBeInTheDocument());
    expect(box).toBeChecked();
    const keys = new Set(callsOf(fake, 'updatePlannedActivity').map((call) => call.key));
    expect(keys.size).toBe(1);
    expect(fake.current().days[0]?.activities.every((activity) => activity.completed)).toBe(true);
    expect(notify.mock.calls).toEqual([[CLIENT_MESSAGES.changePending]]);
  });

  it('shows an add at once while it waits, and puts the server’s activity in its place once', async () => {
    const fake = createFakeApi(week());
    const client = session(fake);
    fake.setFailing('addActivities', unavailable());
    void act(client, 'add-activities', {
      key: 'add-1',
      weekStart: fake.current().weekStart,
      day: 2,
      slot: 'Midday',
      activityIds: ['candle'],
      shown: LIBRARY.filter((activity) => activity.id === 'candle'),
    });
    await waitFor(() => expect(callsOf(fake, 'addActivities').length).toBeGreaterThan(1));
    const waiting = activitiesOf(shownWeek(client, fake)).filter((activity) => isPlaceholder(activity.id));
    expect(waiting.map((activity) => [activity.name, activity.day, activity.slot])).toEqual([
      ['Light a candle', 2, 'Midday'],
    ]);

    fake.setFailing('addActivities', null);
    await waitFor(() => expect(client.isMutating()).toBe(0));
    const candles = activitiesOf(shownWeek(client, fake)).filter(
      (activity) => activity.activityId === 'candle',
    );
    expect(candles).toHaveLength(1);
    expect(isPlaceholder(candles[0]?.id ?? '')).toBe(false);
    expect(activitiesOf(fake.current()).filter((activity) => activity.activityId === 'candle')).toHaveLength(
      1,
    );
    expect(new Set(callsOf(fake, 'addActivities').map((call) => call.key))).toEqual(new Set(['add-1']));
  });

  it('takes back an add the server refuses (not one to wait out) and says why', async () => {
    const notify = vi.fn();
    const fake = createFakeApi(week());
    const client = session(fake, notify);
    fake.setFailing('addActivities', refusal(409, 'slot_full'));
    await act(client, 'add-activities', {
      key: 'add-2',
      weekStart: fake.current().weekStart,
      day: 2,
      slot: 'Midday',
      activityIds: ['candle'],
      shown: LIBRARY.filter((activity) => activity.id === 'candle'),
    });
    await waitFor(() => expect(notify).toHaveBeenCalledWith(ERRORS.slot_full.message));
    expect(activitiesOf(shownWeek(client, fake)).some((activity) => isPlaceholder(activity.id))).toBe(false);
    expect(callsOf(fake, 'addActivities')).toHaveLength(1);
  });

  it('sends after a reload what was made offline: a fresh client resumes it from this device, once', async () => {
    const store = memoryStore();
    const fake = createFakeApi(week());
    const before = session(fake);
    await keepQueuedWrites(before, 'user-1', store);
    const stretch = activitiesOf(fake.current()).find((activity) => activity.activityId === 'stretch');
    onlineManager.setOnline(false);
    void act(before, 'toggle-activity', {
      key: 'tick-1',
      weekStart: fake.current().weekStart,
      id: stretch?.id,
      completed: true,
    });
    await waitFor(() => expect(store.data.size).toBe(1));
    expect(callsOf(fake, 'updatePlannedActivity')).toHaveLength(0);

    // The page is reloaded: a new client, the same device. Restoring twice must not send twice.
    const after = testQueryClient();
    registerWeekWrites(after, fake.api, plannerUi());
    onlineManager.setOnline(true);
    before.getMutationCache().clear();
    await keepQueuedWrites(after, 'user-1', store);
    await keepQueuedWrites(after, 'user-1', store);
    await waitFor(() => expect(callsOf(fake, 'updatePlannedActivity')).toHaveLength(1));
    await waitFor(() => expect(after.isMutating()).toBe(0));
    expect(callsOf(fake, 'updatePlannedActivity')[0]?.key).toBe('tick-1');
    expect(activitiesOf(fake.current()).find((activity) => activity.id === stretch?.id)?.completed).toBe(
      true,
    );
    expect(
      activitiesOf(shownWeek(after, fake)).find((activity) => activity.id === stretch?.id)?.completed,
    ).toBe(true);
    await waitFor(() => expect(store.data.size).toBe(0));
  });

  it('resumes after a reload a write that was waiting out 503s, with its key, and its change shows meanwhile', async () => {
    const store = memoryStore();
    const fake = createFakeApi(week());
    const before = session(fake);
    await keepQueuedWrites(before, 'user-1', store);
    fake.setFailing('addActivities', unavailable(60_000));
    void act(before, 'add-activities', {
      key: 'add-3',
      weekStart: fake.current().weekStart,
      day: 3,
      slot: 'Evening',
      activityIds: ['gratitude'],
      shown: LIBRARY.filter((activity) => activity.id === 'gratitude'),
    });
    await waitFor(() => expect(callsOf(fake, 'addActivities')).toHaveLength(1));
    await waitFor(() => expect(store.data.size).toBe(1));

    const after = testQueryClient();
    registerWeekWrites(after, fake.api, plannerUi());
    fake.setFailing('addActivities', unavailable());
    await keepQueuedWrites(after, 'user-1', store);
    // Restored from this device before the API answers: her add is on screen.
    expect(activitiesOf(shownWeek(after, fake)).some((activity) => isPlaceholder(activity.id))).toBe(true);
    await waitFor(() => expect(callsOf(fake, 'addActivities').length).toBeGreaterThan(1));
    fake.setFailing('addActivities', null);
    await waitFor(() => expect(after.isMutating()).toBe(0));
    expect(new Set(callsOf(fake, 'addActivities').map((call) => call.key))).toEqual(new Set(['add-3']));
    const added = activitiesOf(fake.current()).filter(
      (activity) => activity.activityId === 'gratitude' && activity.day === 3,
    );
    expect(added).toHaveLength(1);
    expect(activitiesOf(shownWeek(after, fake)).some((activity) => isPlaceholder(activity.id))).toBe(false);
    await waitFor(() => expect(store.data.size).toBe(0));
  });
});
