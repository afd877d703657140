import { readFile, rename } from 'node:fs/promises';
import type { z } from 'zod';
import { writeFileAtomic } from './fsAtomic.js';
import type { Logger } from '../core/log.js';
import type { Notices } from '../core/notices.js';

/**
 * One JSON file with a schema: loaded once, saved atomically, updates serialized so two
 * writers never interleave. A file that is not valid JSON or does not fit the schema is
 * kept aside as `<name>.corrupt-<time>`, the store starts from defaults, and the user is
 * told where the old file went.
 */
export class JsonFileStore<S extends z.ZodType> {
  private value: z.output<S> | undefined;
  /** Whether `value` is what the file holds (false while it is defaults for a missing or set-aside file). */
  private onDisk = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly path: string,
    private readonly schema: S,
    private readonly defaults: () => z.output<S>,
    private readonly deps: { logger: Logger; notices: Notices; label: string },
  ) {}

  async read(): Promise<z.output<S>> {
    if (this.value === undefined) this.value = await this.load();
    return this.value;
  }

  /** Applies `change` to the current value and writes the result; calls run one at a time. */
  update<R>(change: (current: z.output<S>) => { next: z.output<S>; result: R }): Promise<R> {
    const run = this.queue.then(async () => {
      const current = await this.read();
      const { next, result } = change(current);
      // A change that returns the value it was given changed nothing: no write, once the file exists.
      if (next === current && this.onDisk) return result;
      const validated = this.schema.parse(next) as z.output<S>;
      await writeFileAtomic(this.path, `${JSON.stringify(validated, null, 2)}\n`);
      this.value = validated;
      this.onDisk = true;
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async load(): Promise<z.output<S>> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return this.defaults();
      throw error;
    }
    try {
      const value = this.schema.parse(JSON.parse(text)) as z.output<S>;
      this.onDisk = true;
      return value;
    } catch (error) {
      return this.setAsideCorrupt(error);
    }
  }

  private async setAsideCorrupt(error: unknown): Promise<z.output<S>> {
    const backup = `${this.path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(this.path, backup);
    this.deps.logger.warn('corrupt file set aside', {
      file: this.path,
      backup,
      reason: error instanceof Error ? error.message.slice(0, 300) : String(error),
    });
    this.deps.notices.add({
      id: `corrupt:${this.path}`,
      level: 'warning',
      message: `Your ${this.deps.label} file could not be read, so Groundwork started with a clean one.`,
      hint: `The old file was kept as ${backup}. Keys stay in the system keychain and are listed again where they could be recovered.`,
    });
    return this.defaults();
  }
}
