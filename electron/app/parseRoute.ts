import { AppError } from '../../shared/errors.js';
import type { ParseAnswer, StoredResult } from '../../shared/result.js';
import type { JobRequest, RerunRequest, ServiceTier } from '../../shared/jobs.js';
import { planParse } from '../runs/parsePlan.js';
import type { Services } from './services.js';
import { retryAsProgress } from '../runs/retryProgress.js';
import { runCloudParse } from '../runs/cloudRuns.js';

export interface CloudParseRoute {
  runId: string;
  documentId: string;
  keyId?: string | undefined;
  model?: string | undefined;
  options?: Record<string, unknown> | undefined;
  /** auto: by the document's pages and size (and by the options: some exist only on jobs). */
  mode: 'auto' | 'sync' | 'job';
  serviceTier?: ServiceTier | undefined;
  outputSaveUrl?: string | undefined;
  /** Send the document's remembered web address (`document_url`) instead of its bytes. */
  byUrl?: boolean | undefined;
  /** A re-run of a result's failed pages: whichever way it goes, only the merge is stored. */
  rerunOf?: RerunRequest | undefined;
}

/**
 * One place decides whether a cloud parse is a direct call or a job. Options that only a job
 * takes (the priority tier, an output URL) are never dropped: they make `auto` a job, and a
 * direct call asked with them is refused before anything is sent.
 */
export async function routeCloudParse(
  services: Services,
  request: CloudParseRoute,
  signal: AbortSignal,
): Promise<ParseAnswer<StoredResult>> {
  const jobOnly = jobOnlyOptions(request);
  if (request.mode === 'sync' && jobOnly.length > 0) {
    throw new AppError({
      code: 'option_needs_job',
      message: `${jobOnly.join(' and ')} ${jobOnly.length > 1 ? 'apply' : 'applies'} only to parse jobs, and a direct call was chosen.`,
      hint: 'Choose "as a job" or "auto" in the engine options, or clear those options. Nothing was sent.',
      fields: Object.fromEntries(jobOnly.map((name) => [name === 'the priority tier' ? 'serviceTier' : 'outputSaveUrl', 'jobs only'])),
    });
  }
  const reason =
    request.mode === 'job'
      ? 'job chosen'
      : request.mode === 'sync'
        ? null
        : jobOnly.length > 0
          ? `${jobOnly.join(' and ')}: jobs only, sent as a job.`
          : await planReason(services, request.documentId);
  if (reason === null) return { result: await runCloudParse(services, request, signal) };
  const job: JobRequest = {
    service: 'parse',
    documentId: request.documentId,
    ...(request.keyId ? { keyId: request.keyId } : {}),
    ...(request.model ? { model: request.model } : {}),
    ...(request.options ? { options: request.options } : {}),
    ...(request.serviceTier ? { serviceTier: request.serviceTier } : {}),
    ...(request.outputSaveUrl ? { outputSaveUrl: request.outputSaveUrl } : {}),
    ...(request.byUrl ? { byUrl: true } : {}),
    ...(request.rerunOf ? { rerunOf: request.rerunOf } : {}),
  };
  // Named as the run: a refused create shows as "retrying" on it, and Cancel stops it.
  const retry = retryAsProgress(services.emit, request.runId, 'Creating the job');
  return { job: await services.jobs.creator.submit(job, { retry, signal }), reason };
}

function jobOnlyOptions(request: CloudParseRoute): string[] {
  return [...(request.serviceTier === 'priority' ? ['the priority tier'] : []), ...(request.outputSaveUrl ? ['an output URL'] : [])];
}

/** The size plan's reason when it says job, else null (a direct call). */
async function planReason(services: Services, documentId: string): Promise<string | null> {
  const plan = await planParse(services.workspace, services.settings, documentId);
  return plan.mode === 'job' ? plan.reason : null;
}
