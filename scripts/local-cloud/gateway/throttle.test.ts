import type { RouteDefinition } from '@bloom/functions/routes';
import { describe, expect, it } from 'vitest';
import { createRouteThrottle } from './throttle';

const route = (path: string) => ({ path }) as RouteDefinition;

describe('route throttle', () => {
  it('admits a burst, refuses the next, and refills at the steady rate', () => {
    let time = 0;
    const admit = createRouteThrottle(
      () => ({ rateLimit: 2, burstLimit: 3 }),
      () => time,
    );
    const weeks = route('/api/weeks');
    expect([admit(weeks), admit(weeks), admit(weeks), admit(weeks)]).toEqual([true, true, true, false]);
    time += 499; // just under one token at 2 a second
    expect(admit(weeks)).toBe(false);
    time += 1;
    expect(admit(weeks)).toBe(true);
    time += 60_000; // a long pause refills to the burst, not beyond
    expect([admit(weeks), admit(weeks), admit(weeks), admit(weeks)]).toEqual([true, true, true, false]);
  });

  it('keeps one bucket per route', () => {
    const admit = createRouteThrottle(
      () => ({ rateLimit: 1, burstLimit: 1 }),
      () => 0,
    );
    const [a, b] = [route('/a'), route('/b')];
    expect(admit(a)).toBe(true);
    expect(admit(a)).toBe(false);
    expect(admit(b)).toBe(true);
  });
});
