import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { JobRecord } from '../../shared/jobs.js';
import { writeFileAtomic } from '../fsAtomic.js';
import type { Logger } from '../log.js';

const errorSchema = z.looseObject({ code: z.string(), message: z.string() });

const recordSchema = z.looseObject({
  jobId: z.string().min(1),
  service: z.enum(['parse', 'extract']),
  keyId: z.string(),
  documentId: z.string(),
  documentName: z.string(),
  request: z.looseObject({ service: z.enum(['parse', 'extract']), documentId: z.string() }),
  createdAt: z.string(),
  status: z.string(),
  completedAt: z.string().nullable(),
  resultId: z.string().nullable(),
  error: errorSchema.nullable(),
  credits: z.number().nullable(),
  pageCount: z.number().nullable(),
  problem: errorSchema.nullable(),
  warnings: z.array(z.string()).optional(),
  batch: z.object({ batchId: z.string(), itemId: z.string() }).optional(),
  intentId: z.string().optional(),
  updatedAt: z.string(),
});

/**
 * Job records: `<workspace>/jobs/<file>.json`, one per job, written atomically. A record
 * is never deleted: it is the app's memory of work the user paid for.
 */
export class JobRecordStore {
  readonly dir: string;

  constructor(workspaceRoot: string, private readonly logger: Logger) {
    this.dir = join(workspaceRoot, 'jobs');
  }

  async write(record: JobRecord): Promise<void> {
    await writeFileAtomic(join(this.dir, `${fileNameFor(record.jobId)}.json`), JSON.stringify(record, null, 2));
  }

  async get(jobId: string): Promise<JobRecord | null> {
    return this.readFile(`${fileNameFor(jobId)}.json`);
  }

  async all(): Promise<JobRecord[]> {
    let files: string[];
    try {
      files = await readdir(this.dir);
    } catch {
      return [];
    }
    const records = await Promise.all(files.filter((f) => f.endsWith('.json') && !f.startsWith('.')).map((f) => this.readFile(f)));
    return records.filter((r): r is JobRecord => r !== null);
  }

  private async readFile(file: string): Promise<JobRecord | null> {
    try {
      return recordSchema.parse(JSON.parse(await readFile(join(this.dir, file), 'utf8'))) as JobRecord;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.logger.warn('unreadable job record skipped', { file });
      return null;
    }
  }
}

/**
 * A file name (and workspace result id) from a job id. Current ids and most older ones are
 * used as they are; an older id too long for a workspace id is hashed.
 */
export function fileNameFor(jobId: string): string {
  return /^[A-Za-z0-9_-]{1,72}$/.test(jobId) ? jobId : `h-${createHash('sha256').update(jobId).digest('hex').slice(0, 40)}`;
}

/** The workspace result id of a job's output: derived from the job id, so storing it twice writes one file. */
export function resultIdForJob(jobId: string): string {
  return `job-${fileNameFor(jobId)}`;
}
