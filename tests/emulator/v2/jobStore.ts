import type { JobService, JobStatus } from '../../../shared/contracts/v2Jobs.js';
import { mintJobId } from '../rules/ulid.js';

export interface JobTimings {
  /** Time spent `pending` before `processing`. */
  pendingMs: number;
  /** Time spent `processing` before `completed` or `failed`. */
  processingMs: number;
}

export interface JobError {
  code: string;
  message: string;
}

export interface JobRecord {
  jobId: string;
  service: JobService;
  /** The key that created it: jobs are visible only to their owner. */
  owner: string;
  /** Only the contract's four (v2.jobs.statuses): a job the service stops ends `failed` (see `cancel`). */
  status: JobStatus;
  createdAt: string;
  completedAt: string | null;
  modelVersion: string;
  result?: unknown;
  outputSaveUrl?: string;
  outputUrl?: string;
  error?: JobError;
  seq: number;
}

/** The error of a job the service stopped before it finished (`POST /__control/jobs/cancel`). */
export const CANCELLED_BY_SERVICE: JobError = {
  code: 'cancelled_by_service',
  message: 'The service stopped this job before it finished; it has no result.',
};

export interface NewJob {
  service: JobService;
  owner: string;
  modelVersion: string;
  timings: JobTimings;
  outputSaveUrl?: string;
  /** Produces the result when processing ends; a thrown error fails the job. */
  work: (jobId: string) => Promise<unknown>;
  /** Makes the job fail with this error (fault injection). */
  failWith?: JobError;
}

/**
 * Parse and extract jobs: `pending → processing → completed | failed` on timers (or `failed` at
 * once when a test has the service stop one), results inline or delivered by PUT to
 * `output_save_url` (then reported as `output_url`).
 */
export class JobStore {
  private readonly jobs = new Map<string, JobRecord>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private seq = 0;

  constructor(private readonly deliver: (url: string, body: string) => Promise<void>) {}

  async create(spec: NewJob): Promise<JobRecord> {
    const job: JobRecord = {
      jobId: mintJobId(spec.service),
      service: spec.service,
      owner: spec.owner,
      status: 'pending',
      createdAt: new Date().toISOString(),
      completedAt: null,
      modelVersion: spec.modelVersion,
      seq: this.seq++,
      ...(spec.outputSaveUrl !== undefined ? { outputSaveUrl: spec.outputSaveUrl } : {}),
    };
    this.jobs.set(job.jobId, job);
    const { pendingMs, processingMs } = spec.timings;
    if (pendingMs <= 0 && processingMs <= 0) {
      // Finished before the create response is rendered (v2.jobs.create-may-be-done).
      await this.finish(job, spec);
      return job;
    }
    this.later(pendingMs, () => {
      if (job.status === 'pending') job.status = 'processing';
    });
    this.later(pendingMs + processingMs, () => void this.finish(job, spec));
    return job;
  }

  /** An already-completed job under an older id format, to show older ids stay accepted. */
  seed(record: Omit<JobRecord, 'seq'>): JobRecord {
    const job = { ...record, seq: this.seq++ };
    this.jobs.set(job.jobId, job);
    return job;
  }

  get(owner: string, service: JobService, jobId: string): JobRecord | undefined {
    const job = this.jobs.get(jobId);
    return job && job.owner === owner && job.service === service ? job : undefined;
  }

  /**
   * Newest first by `created_at`, only the caller's jobs. Seeded jobs may
   * carry any creation time, so the order of insertion is only the tie-break.
   */
  list(owner: string, service: JobService, status: JobStatus | undefined): JobRecord[] {
    return [...this.jobs.values()]
      .filter((j) => j.owner === owner && j.service === service && (status === undefined || j.status === status))
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.seq - a.seq);
  }

  /**
   * The service stops a job that has not finished; false when it has. The retired status
   * `cancelled` is never reported (v2.jobs.cancelled-ends-job): the job ends `failed` with
   * {@link CANCELLED_BY_SERVICE}, and its work is dropped.
   */
  cancel(jobId: string): JobRecord | undefined | false {
    const job = this.jobs.get(jobId);
    if (!job) return undefined;
    if (job.status !== 'pending' && job.status !== 'processing') return false;
    this.fail(job, CANCELLED_BY_SERVICE);
    return job;
  }

  all(): JobRecord[] {
    return [...this.jobs.values()];
  }

  clear(): void {
    this.close();
    this.jobs.clear();
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private async finish(job: JobRecord, spec: NewJob): Promise<void> {
    if (job.status === 'completed' || job.status === 'failed') return;
    job.status = 'processing';
    if (spec.failWith) return this.fail(job, spec.failWith);
    let result: unknown;
    try {
      result = await spec.work(job.jobId);
    } catch (error) {
      if (hasEnded(job)) return;
      return this.fail(job, { code: 'processing_failed', message: error instanceof Error ? error.message : 'The job failed.' });
    }
    if (hasEnded(job)) return; // stopped by the service while its work ran
    if (job.outputSaveUrl !== undefined) {
      try {
        await this.deliver(job.outputSaveUrl, JSON.stringify(result));
      } catch (error) {
        return this.fail(job, {
          code: 'output_delivery_failed',
          message: `The result could not be delivered to output_save_url: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
      job.outputUrl = job.outputSaveUrl;
    } else {
      job.result = result;
    }
    job.status = 'completed';
    job.completedAt = new Date().toISOString();
  }

  private fail(job: JobRecord, error: JobError): void {
    job.status = 'failed';
    job.error = error;
    job.completedAt = new Date().toISOString();
  }
}

// A read through a function: TypeScript narrows `job.status` and forgets it can change during an await.
function hasEnded(job: JobRecord): boolean {
  return job.status === 'failed';
}

/** The list row (v2.jobs.list-row). */
export function listRow(job: JobRecord): Record<string, unknown> {
  return {
    job_id: job.jobId,
    status: job.status,
    created_at: job.createdAt,
    completed_at: job.completedAt,
    model_version: job.modelVersion,
    ...(job.status === 'failed' ? { failure_reason: job.error?.message ?? 'The job failed.' } : {}),
  };
}

/** The poll envelope (v2.jobs.poll-envelope); `progress` is an extra field clients must tolerate. */
export function pollEnvelope(job: JobRecord): Record<string, unknown> {
  return {
    job_id: job.jobId,
    status: job.status,
    created_at: job.createdAt,
    completed_at: job.completedAt,
    model_version: job.modelVersion,
    progress: job.status === 'completed' ? 1 : job.status === 'processing' ? 0.5 : 0,
    result: job.result,
    ...(job.outputUrl !== undefined ? { output_url: job.outputUrl } : {}),
    error: job.error,
  };
}

export function createResponse(job: JobRecord): Record<string, unknown> {
  return { job_id: job.jobId, status: job.status, created_at: job.createdAt };
}
