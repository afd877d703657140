import { PDFDocument } from 'pdf-lib';
import type { JobService } from '../../shared/contracts/v2Jobs.js';
import type { EmulatorContext } from './context.js';
import { finalizeParseResponse } from './parseResult/finalizeParseResponse.js';
import { runExtraction } from './v2/extractEngine.js';
import type { JobRecord } from './v2/jobStore.js';
import { PARSE_SNAPSHOTS, EXTRACT_SNAPSHOTS } from './v2/models.js';

/**
 * Completed jobs under older id formats (v2.jobs.older-ids: older ids stay accepted and are
 * never re-issued). The emulator never mints these; they are seeded, by default one per
 * v2 key (`<uuid>` for parse, `job_<hex>` for extract), or through `/__control/jobs`.
 */
export async function seedLegacyJob(
  ctx: EmulatorContext,
  owner: string,
  service: JobService,
  jobId: string,
  createdAt?: string,
): Promise<JobRecord> {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  const bytes = await pdf.save();
  const parse = finalizeParseResponse(await ctx.builder(bytes, 'legacy.pdf', {}), {
    options: {},
    failedPages: [],
    jobId,
    model: PARSE_SNAPSHOTS['dpt-3-pro']![0]!,
    filename: 'legacy.pdf',
    durationMs: 1,
    baseUrl: ctx.baseUrl(),
  });
  const extract = runExtraction(
    parse.markdown,
    { type: 'object', properties: { total: { type: 'number' } } },
    { strict: false, grounding: true },
  );
  const result =
    service === 'parse'
      ? parse
      : {
          ...extract,
          markdown: parse.markdown,
          metadata: { job_id: jobId, model_version: EXTRACT_SNAPSHOTS.extract![0]!, range_units: 'unicode_codepoints' },
        };
  // Older-format jobs predate the current ids, so by default they are older than any job made now.
  const created = createdAt ?? new Date(Date.UTC(2024, 0, 15, 9, 30)).toISOString();
  return ctx.jobs.seed({
    jobId,
    service,
    owner,
    status: 'completed',
    createdAt: created,
    completedAt: created,
    modelVersion: service === 'parse' ? PARSE_SNAPSHOTS['dpt-3-pro']![0]! : EXTRACT_SNAPSHOTS.extract![0]!,
    result,
  });
}
