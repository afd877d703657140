/**
 * Keeps a create's reconciliation from mistaking a sibling's job for its own.
 *
 * Reconciling reads the service's job list and takes an unknown job with the document's
 * name as this create's. A sibling create of the same document whose answer is still on
 * its way has a job in that list that nobody knows yet; taking it would give two records
 * one job and leave the other document unsent. So, per key (service and document name):
 * creates send together, but a reconciliation waits until every send in flight has its
 * answer (and its job is known), keeps new sends out, and runs alone.
 */
export class CreateGate {
  private readonly lanes = new Map<string, Lane>();

  /** Runs one send of a create; waits while a reconciliation of the same key runs or waits. */
  async sending<T>(key: string, send: () => Promise<T>): Promise<T> {
    const lane = this.enter(key);
    try {
      while (lane.reconciling || lane.reconcilersWaiting > 0) await lane.changed();
      lane.senders++;
      try {
        return await send();
      } finally {
        lane.senders--;
        lane.notify();
      }
    } finally {
      this.leave(key, lane);
    }
  }

  /** Runs a reconciliation once no send of the same key is in flight and no other reconciliation runs. */
  async reconciling<T>(key: string, reconcile: () => Promise<T>): Promise<T> {
    const lane = this.enter(key);
    try {
      lane.reconcilersWaiting++;
      try {
        while (lane.reconciling || lane.senders > 0) await lane.changed();
      } finally {
        lane.reconcilersWaiting--;
      }
      lane.reconciling = true;
      try {
        return await reconcile();
      } finally {
        lane.reconciling = false;
        lane.notify();
      }
    } finally {
      this.leave(key, lane);
    }
  }

  private enter(key: string): Lane {
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = new Lane();
      this.lanes.set(key, lane);
    }
    lane.users++;
    return lane;
  }

  /** A lane nobody is in or waiting on is forgotten (a batch has thousands of keys). */
  private leave(key: string, lane: Lane): void {
    if (--lane.users === 0) this.lanes.delete(key);
  }
}

class Lane {
  /** Calls inside this lane, waiting or running. */
  users = 0;
  senders = 0;
  reconciling = false;
  reconcilersWaiting = 0;
  private waiters: Array<() => void> = [];

  /** Resolves at the next change; callers re-check their condition. */
  changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  notify(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }
}
