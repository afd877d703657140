/** A queued piece of work: `promise` settles with it; `withdraw` takes it out of the queue if it has not started. */
export interface QueuedWork {
  promise: Promise<void>;
  withdraw(): void;
}

/** What a withdrawn piece of work rejects with. */
export class WithdrawnWork extends Error {
  constructor() {
    super('withdrawn before it started');
    this.name = 'WithdrawnWork';
  }
}

/**
 * Runs at most `limit` pieces of work at once, in the order they were added. A page drawing
 * waits here, so a page the reviewer scrolls past before its turn is withdrawn without pdf.js
 * ever reading it, and the first page's drawing shares the worker with at most one other.
 */
export class DrawQueue {
  private running = 0;
  private readonly waiting: Array<{ start(): void }> = [];

  /** `onIdle` is called each time the last running work ends with none waiting. */
  constructor(
    private readonly limit: number,
    private readonly onIdle: () => void = () => undefined,
  ) {}

  add(work: () => Promise<void>): QueuedWork {
    let entry: { start(): void } | null = null;
    let reject: (error: Error) => void = () => undefined;
    const promise = new Promise<void>((resolve, rejectWith) => {
      reject = rejectWith;
      entry = {
        start: () => {
          this.running++;
          // A throw before its first await still settles it, and frees its place.
          Promise.resolve()
            .then(work)
            .then(resolve, rejectWith)
            .finally(() => {
              this.running--;
              this.next();
              if (this.running === 0 && this.waiting.length === 0) this.onIdle();
            });
        },
      };
    });
    this.waiting.push(entry!);
    this.next();
    return {
      promise,
      withdraw: () => {
        const at = this.waiting.indexOf(entry!);
        if (at < 0) return;
        this.waiting.splice(at, 1);
        reject(new WithdrawnWork());
      },
    };
  }

  private next(): void {
    while (this.running < this.limit && this.waiting.length > 0) this.waiting.shift()!.start();
  }
}
