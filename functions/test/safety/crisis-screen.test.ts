import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The screen's two layers joined: a crisis when either says so. Here the classifier's model cannot be loaded
 * (as when its files are missing from a bundle): the patterns still screen every message, and the failure is
 * logged and counted, never silent.
 */

vi.mock('../../src/coach/safety/classifier/classifier', () => ({
  crisisClassifier: () => Promise.reject(new Error('ENOENT: assets/crisis-classifier.bin')),
}));

const { screenForCrisis } = await import('../../src/coach/safety/crisis-screen');

afterEach(() => vi.restoreAllMocks());

describe('the crisis screen without its classifier', () => {
  it('still answers what the patterns recognise, and lets ordinary messages through', async () => {
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(JSON.stringify(args));
    });
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
      logged.push(String(chunk));
      return true;
    });
    expect(await screenForCrisis('I want to kill myself')).toMatchObject({
      crisis: true,
      categories: ['suicide'],
      caughtBy: ['patterns'],
    });
    expect(await screenForCrisis('what should I cook tonight?')).toEqual({ crisis: false });
    const lines = logged.join('\n');
    expect(lines).toContain('Crisis classifier unavailable');
    expect(lines).toContain('CoachSafetyClassifierUnavailable');
  });
});
