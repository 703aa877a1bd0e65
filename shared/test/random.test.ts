import { describe, expect, it } from 'vitest';
import { pickWeighted, seededRandom } from '../src/plan/random';

describe('seededRandom', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const draw = (seed: string) => Array.from({ length: 50 }, seededRandom(seed));
    expect(draw('user-1:2026-11-16')).toEqual(draw('user-1:2026-11-16'));
    expect(draw('user-1:2026-11-16')).not.toEqual(draw('user-1:2026-11-23'));
    expect(draw('')).toEqual(draw(''));
  });

  it('draws roughly uniformly from [0, 1)', () => {
    const random = seededRandom('uniform');
    const buckets = new Array<number>(10).fill(0);
    let lowest = 1;
    let highest = 0;
    for (let i = 0; i < 20_000; i += 1) {
      const value = random();
      lowest = Math.min(lowest, value);
      highest = Math.max(highest, value);
      buckets[Math.floor(value * 10)] = (buckets[Math.floor(value * 10)] ?? 0) + 1;
    }
    expect(lowest).toBeGreaterThanOrEqual(0);
    expect(highest).toBeLessThan(1);
    for (const count of buckets) expect(Math.abs(count - 2000)).toBeLessThan(200);
  });
});

describe('pickWeighted', () => {
  it('never picks a zero-weight item and follows the weights', () => {
    const random = seededRandom('weights');
    const counts = { a: 0, b: 0, c: 0 };
    const weights = { a: 1, b: 3, c: 0 };
    for (let i = 0; i < 8000; i += 1) {
      const item = pickWeighted(random, ['a', 'b', 'c'] as const, (key) => weights[key]);
      if (item) counts[item] += 1;
    }
    expect(counts.c).toBe(0);
    expect(counts.b / counts.a).toBeGreaterThan(2.6);
    expect(counts.b / counts.a).toBeLessThan(3.4);
  });

  it('returns undefined when nothing can be picked', () => {
    const random = seededRandom('empty');
    expect(pickWeighted(random, [], () => 1)).toBeUndefined();
    expect(pickWeighted(random, ['a'], () => 0)).toBeUndefined();
  });
});
