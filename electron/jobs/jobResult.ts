import { isTerminalStatus } from '../../shared/contracts/v2Jobs.js';
import { AppError } from '../../shared/errors.js';
import type { JobResultFile, JobService } from '../../shared/jobs.js';
import { V2Client } from '../api/v2Client.js';
import type { KeysService } from '../keys/keysService.js';
import type { JobRecords } from './jobRecords.js';
import { fetchOutput } from './outputUrl.js';

/**
 * A completed job's whole result, for the review workspace's import: the poll envelope
 * when the result is inline (the import reads envelopes), else the document at its
 * output_url, fetched by the same rules as the JobOutputStore's. Works for a job started
 * anywhere, of any id format; the Jobs screen shows only the start of its Markdown.
 */
export async function jobResultFile(
  keys: Pick<KeysService, 'credentialFor'>,
  records: JobRecords,
  service: JobService,
  jobId: string,
  keyId?: string,
): Promise<JobResultFile> {
  const record = await records.read(jobId);
  const credential = await keys.credentialFor(['v2'], keyId ?? record?.keyId);
  const client = new V2Client({ credential });
  const poll = service === 'parse' ? await client.getParseJob(jobId) : await client.getExtractJob(jobId);
  if (poll.status !== 'completed') {
    throw new AppError({
      code: 'job_not_completed',
      message: `Job ${jobId} is ${poll.status}${isTerminalStatus(poll.status) ? '' : ' still'}: it has no result to import.`,
      hint: isTerminalStatus(poll.status) ? 'Run the document again.' : 'Wait for it to complete, then import it.',
    });
  }
  const fileName = `${jobId}.json`;
  if (poll.result !== undefined && poll.result !== null) return { fileName, text: asText(poll, jobId) };
  if (!poll.output_url) {
    throw new AppError({
      code: 'no_output',
      message: `Job ${jobId} completed without a result or output_url.`,
      hint: "The service did not deliver this job's output; run the document again.",
    });
  }
  const output = await fetchOutput(poll.output_url, { keyAddress: credential.address, signal: new AbortController().signal });
  return { fileName, text: asText(output, jobId) };
}

/** The answer as JSON text for the import, which checks its limits; one nested past what can be written back is refused here. */
function asText(value: unknown, jobId: string): string {
  try {
    return JSON.stringify(value);
  } catch {
    throw new AppError({
      code: 'result_too_deep',
      message: `Job ${jobId}'s result is nested too deeply to be imported.`,
      hint: 'Nothing was imported; the result stays on the service.',
    });
  }
}
