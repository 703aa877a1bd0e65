import { seededRandom } from '@bloom/shared/plan/random';

/**
 * A percentile bootstrap of the median, with a seeded generator so that the same samples always give the same
 * interval: the bench's figures move with the machine, not with the resampler.
 */

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('the median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The `q` quantile (0 to 1) of sorted values, interpolated linearly between neighbours. */
function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = sorted[below] as number;
  return low + ((sorted[above] as number) - low) * (position - below);
}

export interface MedianInterval {
  median: number;
  /** Ends of the percentile bootstrap interval of the median. */
  low: number;
  high: number;
}

export const BOOTSTRAP = { resamples: 10_000, confidence: 0.95, seed: 'bench:bundles' } as const;

/**
 * The median of `values` and its `confidence` interval: the median of `resamples` resamples of the values
 * (drawn with replacement, as many as there are), whose middle `confidence` share is the interval.
 */
export function bootstrapMedian(
  values: readonly number[],
  { resamples, confidence, seed }: { resamples: number; confidence: number; seed: string } = BOOTSTRAP,
): MedianInterval {
  const random = seededRandom(seed);
  const medians: number[] = [];
  const resample: number[] = new Array(values.length);
  for (let round = 0; round < resamples; round++) {
    for (let index = 0; index < values.length; index++) {
      resample[index] = values[Math.floor(random() * values.length)] as number;
    }
    medians.push(median(resample));
  }
  medians.sort((a, b) => a - b);
  const tail = (1 - confidence) / 2;
  return { median: median(values), low: quantile(medians, tail), high: quantile(medians, 1 - tail) };
}
