/** Request schemas of the jobs:* and batch:* IPC channels; every one strict. */
import { z } from 'zod';
import { JOB_LIST_PAGE_SIZE, JOB_SERVICES, JOB_STATUSES } from '../contracts/v2Jobs.js';
import { SERVICE_TIERS } from '../jobs.js';
import {
  batchIdSchema as batchId,
  intentIdSchema,
  jobIdSchema as jobId,
  keyIdSchema,
  runIdSchema,
  workspaceIdSchema as workspaceId,
} from './ids.js';

const service = z.enum(JOB_SERVICES);
const model = z.string().trim().min(1).max(120);
const serviceTier = z.enum(SERVICE_TIERS);
const outputSaveUrl = z.string().trim().min(1).max(8000);
// Checked by the client's preflight, which names unknown keys in its message.
const options = z.record(z.string(), z.unknown());

export const jobsRequests = {
  create: z.discriminatedUnion('service', [
    z
      .object({
        service: z.literal('parse'),
        documentId: workspaceId,
        keyId: keyIdSchema.optional(),
        model: model.optional(),
        options: options.optional(),
        serviceTier: serviceTier.optional(),
        outputSaveUrl: outputSaveUrl.optional(),
        /** Names the create as a run: its retries are reported as progress and it can be cancelled. */
        runId: runIdSchema.optional(),
      })
      .strict(),
    z
      .object({
        service: z.literal('extract'),
        sourceResultId: workspaceId,
        schema: z.record(z.string(), z.unknown()),
        keyId: keyIdSchema.optional(),
        model: model.optional(),
        outputSaveUrl: outputSaveUrl.optional(),
        runId: runIdSchema.optional(),
      })
      .strict(),
  ]),
  list: z
    .object({
      service,
      page: z.number().int().min(0),
      pageSize: z.number().int().min(JOB_LIST_PAGE_SIZE.min).max(JOB_LIST_PAGE_SIZE.max),
      status: z.enum(JOB_STATUSES).optional(),
      keyId: keyIdSchema.optional(),
    })
    .strict(),
  detail: z.object({ service, jobId, keyId: keyIdSchema.optional() }).strict(),
  result: z.object({ service, jobId, keyId: keyIdSchema.optional() }).strict(),
  local: z.object({}).strict(),
  get: z.object({ jobId }).strict(),
  retry: z.object({ jobId }).strict(),
  recheck: z.object({ jobId }).strict(),
  quarantineList: z.object({}).strict(),
  quarantineShow: z.object({ id: workspaceId }).strict(),
  quarantineReadAgain: z.object({ id: workspaceId }).strict(),
  settleUnsure: z.object({ intentId: intentIdSchema, action: z.enum(['check', 'forget', 'resend']) }).strict(),
  settings: z.object({}).strict(),
  setSettings: z
    .object({
      jobAbovePages: z.number().int().min(1).max(100_000).optional(),
      jobAboveMb: z.number().min(0.1).max(10_000).optional(),
      batchConcurrency: z.number().int().min(1).max(64).optional(),
      pageWarningLimit: z.number().int().min(1).max(10_000_000).optional(),
    })
    .strict(),
  batchEstimate: z.object({ documentIds: z.array(workspaceId).min(1).max(10_000) }).strict(),
  batchCreate: z
    .object({
      documentIds: z.array(workspaceId).min(1).max(10_000),
      keyId: keyIdSchema.optional(),
      model: model.optional(),
      options: options.optional(),
      serviceTier: serviceTier.optional(),
      /** The page total the user confirmed, needed when it is over the warning limit. */
      confirmPages: z.number().int().min(0).optional(),
    })
    .strict(),
  batchList: z.object({}).strict(),
  batchId: z.object({ batchId }).strict(),
  batchRetryFailed: z.object({ batchId, includeUnsure: z.boolean().optional() }).strict(),
};

/** A `jobs:create` request as its handler receives it. */
export type JobCreateRequest = z.output<typeof jobsRequests.create>;
