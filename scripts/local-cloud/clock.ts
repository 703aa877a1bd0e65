/**
 * The time as an emulator sees it. The real services keep real time; a test that needs a token to expire or a
 * code to lapse moves an emulator's clock on instead of waiting for the wall clock (as Stripe's test clocks
 * do for billing).
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that runs with the machine's, shifted by whatever a test moved it by. */
export interface AdjustableClock extends Clock {
  /** Moves the clock on (or back, with a negative figure) by this many seconds. */
  advance(seconds: number): void;
  /** Back to the machine's time. */
  reset(): void;
}

export function adjustableClock(): AdjustableClock {
  let offsetMs = 0;
  return {
    now: () => Date.now() + offsetMs,
    advance(seconds) {
      offsetMs += seconds * 1000;
    },
    reset() {
      offsetMs = 0;
    },
  };
}

export const epochSeconds = (clock: Clock) => Math.floor(clock.now() / 1000);
