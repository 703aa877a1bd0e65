/** Timers that can all be cleared at once, when the emulator stops. */
export class Timers {
  private readonly pending = new Set<NodeJS.Timeout>();

  /** Runs `run` after `ms` milliseconds, unless cleared first. */
  later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      run();
    }, ms);
    this.pending.add(timer);
  }

  clear(): void {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }
}
