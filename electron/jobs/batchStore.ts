import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Batch } from '../../shared/jobs.js';
import { writeFileAtomic } from '../fsAtomic.js';
import type { Logger } from '../log.js';

/** Batches on disk: `<workspace>/batches/<batchId>.json`, written atomically, never deleted by the app. */
export class BatchStore {
  readonly dir: string;

  constructor(workspaceRoot: string, private readonly logger: Logger) {
    this.dir = join(workspaceRoot, 'batches');
  }

  write(batch: Batch): Promise<void> {
    return writeFileAtomic(join(this.dir, `${batch.batchId}.json`), JSON.stringify(batch));
  }

  async all(): Promise<Batch[]> {
    let files: string[];
    try {
      files = await readdir(this.dir);
    } catch {
      return [];
    }
    const batches = await Promise.all(
      files
        .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
        .map(async (file) => {
          try {
            const batch = JSON.parse(await readFile(join(this.dir, file), 'utf8')) as Batch;
            return Array.isArray(batch.items) && typeof batch.batchId === 'string' ? batch : null;
          } catch {
            this.logger.warn('unreadable batch skipped', { file });
            return null;
          }
        }),
    );
    return batches.filter((b): b is Batch => b !== null).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }
}
