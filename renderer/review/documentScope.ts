/**
 * The lifetime of one thing the reviewer opened (a document, with a result on top). Every
 * asynchronous piece started for it — IPC loads, pdf.js handles, listeners — belongs to its
 * scope; opening something else ends the scope, which aborts and releases them all at once.
 * Work that finishes after its scope ended never writes state: `settle` throws `StaleScope`,
 * which the store's error handling swallows (it is not a failure the reviewer must see).
 */
export class StaleScope extends Error {
  constructor(readonly key: string) {
    super(`"${key}" was closed before this finished`);
    this.name = 'StaleScope';
  }
}

export interface DocumentScope {
  /** What the scope is for (a document id), for messages and checks. */
  readonly key: string;
  readonly signal: AbortSignal;
  /** True until the scope is ended. */
  readonly alive: boolean;
  /** Waits for `work`; throws StaleScope if the scope ended meanwhile (or had already). */
  settle<T>(work: Promise<T> | T): Promise<T>;
  /** Runs `release` when the scope ends (at once if it already has). */
  own(release: () => void): void;
}

class Scope implements DocumentScope {
  private readonly controller = new AbortController();
  private readonly releases: Array<() => void> = [];

  constructor(readonly key: string) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get alive(): boolean {
    return !this.controller.signal.aborted;
  }

  async settle<T>(work: Promise<T> | T): Promise<T> {
    if (!this.alive) throw new StaleScope(this.key);
    try {
      const value = await work;
      if (!this.alive) throw new StaleScope(this.key);
      return value;
    } catch (error) {
      // A failure of work nobody waits for any more is not news either.
      if (!this.alive) throw new StaleScope(this.key);
      throw error;
    }
  }

  own(release: () => void): void {
    if (this.alive) this.releases.push(release);
    else safely(release);
  }

  end(): void {
    if (!this.alive) return;
    this.controller.abort(new StaleScope(this.key));
    for (const release of this.releases.splice(0).reverse()) safely(release);
  }
}

function safely(release: () => void): void {
  try {
    release();
  } catch (error) {
    // Releasing must never stop the next one from being released.
    console.warn('Groundwork: releasing a closed document failed', error);
  }
}

/** Holds the one current scope: `begin` ends the previous one before the new one starts. */
export class ScopeSlot {
  private current: Scope | null = null;

  begin(key: string): DocumentScope {
    this.current?.end();
    this.current = new Scope(key);
    return this.current;
  }

  /** The current scope, if it is the one given: lets late work check it was not replaced. */
  isCurrent(scope: DocumentScope): boolean {
    return this.current === scope && scope.alive;
  }

  end(): void {
    this.current?.end();
    this.current = null;
  }
}

export function isStale(error: unknown): error is StaleScope {
  return error instanceof StaleScope;
}
