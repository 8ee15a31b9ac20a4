/**
 * A wake-up call for loops that poll: `wait` resolves at the next `wake` or after `timeoutMs`,
 * whichever comes first. A wake with nobody waiting is not remembered (callers re-check their
 * condition and wait again).
 */
export class WakeUp {
  private readonly waiters = new Set<() => void>();
  private readonly listeners = new Set<() => void>();

  wait(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }

  wake(): void {
    for (const w of [...this.waiters]) w();
    for (const l of this.listeners) l();
  }

  /** Calls `listener` at every wake (unlike `wait`, none is missed); returns the unsubscribe. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
