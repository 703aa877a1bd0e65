/**
 * A small seeded random source so that a plan is the same every time it is generated from the same seed,
 * on the server and in the browser alike. Not for anything security related.
 */
export type Random = () => number;

/** 32-bit FNV-1a hash of the seed's UTF-16 code units, to turn any string into a PRNG state. */
function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Mulberry32: uniform floats in [0, 1), fully determined by the seed. */
export function seededRandom(seed: string): Random {
  let state = hashSeed(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Picks one item with probability proportional to its weight; undefined when no weight is positive. */
export function pickWeighted<T>(
  random: Random,
  items: readonly T[],
  weightOf: (item: T) => number,
): T | undefined {
  const weights = items.map((item) => Math.max(0, weightOf(item)));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (!(total > 0)) return undefined;
  let remaining = random() * total;
  for (let i = 0; i < items.length; i += 1) {
    remaining -= weights[i] ?? 0;
    if (remaining < 0 && (weights[i] ?? 0) > 0) return items[i];
  }
  // Rounding can leave a sliver of the total unclaimed: give it to the last item that could be picked.
  for (let i = items.length - 1; i >= 0; i -= 1) if ((weights[i] ?? 0) > 0) return items[i];
  return undefined;
}
