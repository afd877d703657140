import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { JobRequest } from '../../shared/jobs.js';
import { writeFileAtomic } from '../fsAtomic.js';
import type { Logger } from '../log.js';

/**
 * A job create the app is about to send. It is on disk before the request leaves and is
 * removed once the job's record is written (or the service refused the create), so after a
 * crash an intent still on disk names exactly the creates whose outcome is unknown: the
 * service may or may not have a job for them, and only the service's job list can tell.
 */
export interface CreateIntent {
  intentId: string;
  request: JobRequest;
  keyId: string;
  documentName: string;
  batch?: { batchId: string; itemId: string };
  /** When the intent was written (the app's clock); the job, if any, was created after this. */
  writtenAt: string;
  /** Server jobs that could be this create's, when they could not be told apart. */
  candidates?: string[];
}

const intentSchema = z.looseObject({
  intentId: z.string().min(1),
  request: z.looseObject({ service: z.enum(['parse', 'extract']), documentId: z.string() }),
  keyId: z.string(),
  documentName: z.string(),
  batch: z.object({ batchId: z.string(), itemId: z.string() }).optional(),
  writtenAt: z.string(),
  candidates: z.array(z.string()).optional(),
});

/** `<workspace>/job-intents/<intentId>.json`, written atomically. */
export class CreateIntentStore {
  readonly dir: string;

  constructor(workspaceRoot: string, private readonly logger: Logger) {
    this.dir = join(workspaceRoot, 'job-intents');
  }

  /** Durable when it resolves: only then may the create be sent. */
  async open(fields: Omit<CreateIntent, 'intentId' | 'writtenAt'>, now: number): Promise<CreateIntent> {
    const intent: CreateIntent = { intentId: randomUUID(), ...fields, writtenAt: new Date(now).toISOString() };
    await this.write(intent);
    return intent;
  }

  write(intent: CreateIntent): Promise<void> {
    return writeFileAtomic(join(this.dir, `${intent.intentId}.json`), JSON.stringify(intent));
  }

  /**
   * Forgets an intent once its outcome is known. Not synced: if the removal is lost in a
   * crash, start-up finds the intent again and settles it from the job records.
   */
  async close(intentId: string): Promise<void> {
    await rm(join(this.dir, `${intentId}.json`), { force: true });
  }

  async all(): Promise<CreateIntent[]> {
    let files: string[];
    try {
      files = await readdir(this.dir);
    } catch {
      return [];
    }
    const intents = await Promise.all(
      files
        .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
        .map(async (file) => {
          try {
            return intentSchema.parse(JSON.parse(await readFile(join(this.dir, file), 'utf8'))) as CreateIntent;
          } catch {
            this.logger.warn('unreadable job intent skipped', { file });
            return null;
          }
        }),
    );
    return intents.filter((i): i is CreateIntent => i !== null);
  }
}
