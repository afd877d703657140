/**
 * A counting semaphore for a batch's concurrency. Work that gave its slot up to wait out
 * a 429 / 503 gets it back before documents that have not started (`urgent`), so backoff
 * never reorders a batch more than it must.
 */
export class Slots {
  private used = 0;
  private readonly waiters: Array<() => void> = [];

  constructor(private limitValue: number) {}

  get limit(): number {
    return this.limitValue;
  }

  /** A higher limit wakes waiters at once; a lower one lets work in flight finish. */
  set limit(limit: number) {
    this.limitValue = limit;
    this.wake();
  }

  get free(): number {
    return Math.max(0, this.limit - this.used);
  }

  /** Takes a slot at once, even over the limit (work resumed after a restart is already running). */
  force(): void {
    this.used++;
  }

  tryAcquire(): boolean {
    if (this.used >= this.limit || this.waiters.length > 0) return false;
    this.used++;
    return true;
  }

  acquire(urgent = false): Promise<void> {
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise((resolve) => {
      const grant = () => {
        this.used++;
        resolve();
      };
      if (urgent) this.waiters.unshift(grant);
      else this.waiters.push(grant);
    });
  }

  release(): void {
    this.used = Math.max(0, this.used - 1);
    this.wake();
  }

  private wake(): void {
    while (this.used < this.limitValue && this.waiters.length > 0) this.waiters.shift()!();
  }
}
