/**
 * Valid job answers (v2.jobs.list-row, v2.jobs.poll-envelope): poll envelopes (pending, processing, completed with
 * its result inline or at an output_url, failed with its error) and list pages.
 */
import fc from 'fast-check';
import { idArb, isoArb } from './arbCommon.js';
import { extractResponseArb } from './arbExtract.js';
import { SOURCE_LENGTH, parseResponseArb } from './arbParse.js';

export type JobServiceName = 'parse' | 'extract';

/** Stands for the fuzz service's output address; the harness writes the real one into the text. */
export const OUTPUT_URL_PLACEHOLDER = 'fuzz:output-url';

const ulid = fc.stringMatching(/^[0-9a-hjkmnp-tv-z]{26}$/);
export const jobIdArb = (service: JobServiceName) =>
  fc.oneof({ weight: 3, arbitrary: ulid.map((u) => `${service}-${u}`) }, { weight: 1, arbitrary: fc.oneof(fc.uuid(), idArb) });

export const resultArb = (service: JobServiceName) => (service === 'parse' ? parseResponseArb : extractResponseArb(SOURCE_LENGTH));

export const envelopeArb = (service: JobServiceName): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .record({
      jobId: jobIdArb(service),
      created: isoArb,
      completed: isoArb,
      outcome: fc.nat(9),
      result: resultArb(service),
      reason: fc.string({ maxLength: 30 }),
    })
    .map(({ jobId, created, completed, outcome, result, reason }) => {
      const base = { job_id: jobId, created_at: created };
      if (outcome < 2) return { ...base, status: outcome === 0 ? 'pending' : 'processing', completed_at: null };
      if (outcome < 6) return { ...base, status: 'completed', completed_at: completed, result };
      if (outcome < 8) return { ...base, status: 'completed', completed_at: completed, result: null, output_url: OUTPUT_URL_PLACEHOLDER };
      return {
        ...base,
        status: 'failed',
        completed_at: completed,
        error: { code: 'processing_error', message: reason },
        failure_reason: reason,
      };
    });

export const jobListArb = (service: JobServiceName): fc.Arbitrary<Record<string, unknown>> =>
  fc.record({
    jobs: fc.array(
      fc.record(
        {
          job_id: jobIdArb(service),
          status: fc.constantFrom('pending', 'processing', 'completed', 'failed', 'cancelled'),
          created_at: isoArb,
          completed_at: fc.option(isoArb, { nil: null }),
          model_version: fc.option(fc.constantFrom('dpt-2-20250919'), { nil: null }),
          failure_reason: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
        },
        { requiredKeys: ['job_id', 'status'] },
      ),
      { maxLength: 10 },
    ),
    page: fc.nat(20),
    page_size: fc.integer({ min: 1, max: 100 }),
    has_more: fc.boolean(),
  });

/** The 202 of a job create (v2.jobs.create-response): all three fields required. */
export const jobCreatedArb = (service: JobServiceName): fc.Arbitrary<Record<string, unknown>> =>
  fc.record({ job_id: jobIdArb(service), status: fc.constantFrom('pending', 'processing'), created_at: fc.option(isoArb, { nil: null }) });
