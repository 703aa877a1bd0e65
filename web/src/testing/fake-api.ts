import type { WeekView } from '@bloom/shared/planner/types';
import type { BloomApi } from '../lib/api';
import { ApiError } from '../lib/api/errors';
import { accountEndpoints, type Calls, dayEndpoints, planEndpoints } from './fake-endpoints';
import { type FakeApiOptions, FakeServer } from './fake-server';

/**
 * Test data and an in-memory API for component tests. It keeps no rules of its own: edits, slot checks, day
 * completion, the streak, placement and what new quiz answers do to the week are the shared rules the server
 * applies (shared/src/planner/rules.ts, shared/src/streak/streak.ts, shared/src/plan/week-plan.ts), so the
 * screens are tested against the same answers the server gives. The server's state is fake-server.ts, its
 * endpoints fake-endpoints.ts.
 */

export { LIBRARY, makeWeek, planned, TODAY, WEEK_START } from './fake-data';
export type { FakeApiOptions } from './fake-server';

export function createFakeApi(initial: WeekView, options: FakeApiOptions = {}) {
  const server = new FakeServer(initial, options);
  /** Every call, with the Idempotency-Key a write carried. */
  const calls: Array<{ name: keyof BloomApi; args: unknown[]; key?: string }> = [];
  const failing = { ...options.failing };
  /** As the server: a write whose key it has answered is answered again, not applied again. */
  const answered = new Map<string, unknown>();

  const answering: Calls = {
    async call(name, args, run) {
      calls.push({ name, args });
      await Promise.resolve();
      const failure = failing[name];
      if (failure) throw failure;
      return run();
    },
    /** A write: recorded with its key, and applied once per key however often it is sent. */
    async write(name, key, args, run) {
      calls.push({ name, args, key });
      await Promise.resolve();
      const failure = failing[name];
      if (failure) throw failure;
      if (answered.has(key)) return answered.get(key) as ReturnType<typeof run>;
      const result = run();
      answered.set(key, result);
      return result;
    },
  };

  const api: BloomApi = {
    ...planEndpoints(server, answering),
    ...dayEndpoints(server, answering),
    ...accountEndpoints(server, answering),
  };

  /** Makes every call of `name` fail with `error` from now on, or succeed again (null): an outage and its end. */
  const setFailing = (name: keyof BloomApi, error: ApiError | null) => {
    if (error) failing[name] = error;
    else delete failing[name];
  };

  return { api, calls, current: () => server.view(), setFailing };
}

export { ApiError };
