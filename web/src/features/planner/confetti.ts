/** Bloom's pinks for the day-complete burst. */
const PINKS = ['#f9a8d4', '#f472b6', '#ec4899', '#fbcfe8', '#c9587a'];

export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * The pink burst when a day is marked complete (docs/rules.md#screens). Skipped when the person asks
 * for reduced motion; canvas-confetti loads only the first time a day is completed.
 */
export async function celebrateDayComplete(): Promise<void> {
  if (prefersReducedMotion()) return;
  try {
    const { default: confetti } = await import('canvas-confetti');
    await confetti({
      particleCount: 100,
      spread: 70,
      origin: { y: 0.6 },
      colors: PINKS,
      disableForReducedMotion: true,
    });
  } catch (error) {
    // A celebration that cannot draw (no canvas) must never break the tick that triggered it.
    console.warn('Confetti could not be shown', error);
  }
}
