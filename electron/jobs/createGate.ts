/**
 * Keeps a create's reconciliation from mistaking a sibling's job for its own.
 *
 * Reconciling reads the service's job list and takes the one unknown job of the create's
 * lane (its document's name for a parse; every extract, since extract results name no
 * document). Two creates of one lane in flight together could both lose their answers,
 * and then neither could tell its job from the other's. So a lane holds one create at a
 * time: its send, and when that answer is lost, its reconciliation too. Lanes of different
 * keys run side by side.
 */
export class CreateGate {
  /** Per key, the end of the last call queued on it. */
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `task` once every earlier task of the same key has ended, and before any later one starts. */
  async exclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const tail = previous.then(() => new Promise<void>((resolve) => (release = resolve)));
    this.tails.set(key, tail);
    try {
      await previous;
      return await task();
    } finally {
      release();
      // A lane nobody is in or waiting on is forgotten (a batch has thousands of keys).
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
