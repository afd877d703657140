/**
 * The lifetime of one open (a document, with a result on top). Every answer an open waits
 * for — the library entry, the bytes, the result, its extraction and decisions — is awaited
 * through its scope; opening something else ends the scope, and work that finishes after
 * that never writes state: `settle` throws `StaleScope`, which the store's error handling
 * swallows (it is not a failure the reviewer must see). The pdf.js document has the
 * viewer's lifetime instead (renderer/viewer/pdfjs.ts), which is the document's, not the
 * open's: another result of the same document keeps its pages.
 */
export class StaleScope extends Error {
  constructor(readonly key: string) {
    super(`"${key}" was closed before this finished`);
    this.name = 'StaleScope';
  }
}

export interface DocumentScope {
  /** What the scope is for (what is being opened), for messages. */
  readonly key: string;
  /** True until the scope is ended. */
  readonly alive: boolean;
  /** Waits for `work`; throws StaleScope if the scope ended meanwhile (or had already). */
  settle<T>(work: Promise<T> | T): Promise<T>;
}

class Scope implements DocumentScope {
  private ended = false;

  constructor(readonly key: string) {}

  get alive(): boolean {
    return !this.ended;
  }

  async settle<T>(work: Promise<T> | T): Promise<T> {
    if (this.ended) throw new StaleScope(this.key);
    try {
      const value = await work;
      if (this.ended) throw new StaleScope(this.key);
      return value;
    } catch (error) {
      // A failure of work nobody waits for any more is not news either.
      if (this.ended) throw new StaleScope(this.key);
      throw error;
    }
  }

  end(): void {
    this.ended = true;
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

  /** Whether `scope` is still the current one (not replaced, not ended). */
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
