import { seededRandom } from '@bloom/shared/plan/random';
import { describe, expect, it } from 'vitest';
import { bootstrapMedian, median } from './bootstrap.ts';

describe('the bootstrap of a median', () => {
  const noisy = Array.from({ length: 63 }, (_, index) => 10 + ((index * 37) % 17) - 8);

  it('gives the same interval for the same samples', () => {
    expect(bootstrapMedian(noisy)).toEqual(bootstrapMedian(noisy));
  });

  it('holds the sample median between its ends', () => {
    const { median: middle, low, high } = bootstrapMedian(noisy);
    expect(middle).toBe(median(noisy));
    expect(low).toBeLessThanOrEqual(middle);
    expect(high).toBeGreaterThanOrEqual(middle);
    expect(high - low).toBeGreaterThan(0);
  });

  it('narrows as the samples grow', () => {
    const random = seededRandom('narrows');
    const draw = (count: number) => Array.from({ length: count }, () => random() * 20 - 10);
    const few = bootstrapMedian(draw(15));
    const many = bootstrapMedian(draw(255));
    expect(many.high - many.low).toBeLessThan(few.high - few.low);
  });

  it('is a point for samples that never vary', () => {
    expect(bootstrapMedian([3, 3, 3, 3])).toEqual({ median: 3, low: 3, high: 3 });
  });
});
