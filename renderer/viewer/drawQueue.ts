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
 * Runs at most `limit` pieces of work at once, in the order they were added, `urgent` work
 * first: a page in view. Other work (a page just outside the view, drawn ahead of a scroll)
 * starts only while no urgent work runs or waits, so the page a reviewer looks at has the
 * drawing worker to itself. A page drawing waits here, so a page the reviewer scrolls past
 * before its turn is withdrawn without pdf.js ever reading it.
 */
export class DrawQueue {
  private running = 0;
  private urgentRunning = 0;
  private scheduled = false;
  private readonly waiting: Array<{ urgent: boolean; start(): void }> = [];

  /** `onIdle` is called each time the last running work ends with none waiting. */
  constructor(
    private readonly limit: number,
    private readonly onIdle: () => void = () => undefined,
  ) {}

  add(work: () => Promise<void>, urgent = false): QueuedWork {
    let entry: { urgent: boolean; start(): void } | null = null;
    let reject: (error: Error) => void = () => undefined;
    const promise = new Promise<void>((resolve, rejectWith) => {
      reject = rejectWith;
      entry = {
        urgent,
        start: () => {
          this.running++;
          if (urgent) this.urgentRunning++;
          // A throw before its first await still settles it, and frees its place.
          Promise.resolve()
            .then(work)
            .then(resolve, rejectWith)
            .finally(() => {
              this.running--;
              if (urgent) this.urgentRunning--;
              this.next();
              if (this.running === 0 && this.waiting.length === 0) this.onIdle();
            });
        },
      };
    });
    this.waiting.push(entry!);
    // Pages mounted by one commit are added one by one: each gets its place before any starts.
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(() => {
        this.scheduled = false;
        this.next();
      });
    }
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
    while (this.running < this.limit) {
      const urgent = this.waiting.findIndex((entry) => entry.urgent);
      if (urgent >= 0) this.waiting.splice(urgent, 1)[0]!.start();
      else if (this.urgentRunning === 0 && this.waiting.length > 0) this.waiting.shift()!.start();
      else return;
    }
  }
}
