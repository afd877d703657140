import { join } from 'node:path';
import { z } from 'zod';
import type { FieldDecision, Review } from '../../shared/workspace.js';
import { REVIEW_STATUSES } from '../../shared/workspace.js';
import type { ReviewExport } from '../../shared/ipc/reviews.js';
import { JsonDirStore } from '../storage/jsonDirStore.js';
import type { Workspace } from '../workspace/workspace.js';
import { Rules } from '../rules/rules.js';
import { evaluateRules } from '../../shared/rules/evaluateRules.js';
import { extractionValues } from '../../shared/rules/extractionValues.js';
import { exportReview } from './exportReview.js';
import { loadExportSource } from './exportSource.js';

const reviewSchema = z.object({
  extractionId: z.string(),
  updatedAt: z.string(),
  fields: z.record(
    z.string(),
    z.object({
      status: z.enum(REVIEW_STATUSES),
      correctedValue: z.string().optional(),
      note: z.string().optional(),
      decidedAt: z.string(),
    }),
  ),
});

/**
 * Reviews live beside results: `<workspace>/reviews/<extraction id>.json`, rewritten
 * atomically on every decision, so a decision is kept the moment it is made.
 * Decisions are serialized per review, so two quick clicks never lose one.
 */
export class Reviews {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly store: JsonDirStore<Review>;

  constructor(
    private readonly workspace: Workspace,
    private readonly rules: Rules = new Rules(workspace),
  ) {
    this.store = new JsonDirStore<Review>({
      dir: join(workspace.root, 'reviews'),
      schema: reviewSchema,
      suffix: '.json',
      label: 'review',
      logger: workspace.logger,
      pretty: true,
    });
  }

  async get(extractionId: string): Promise<Review> {
    await this.workspace.result(extractionId); // the extraction must exist (and the id be valid)
    return (await this.store.read(extractionId)) ?? { extractionId, updatedAt: new Date(0).toISOString(), fields: {} };
  }

  decide(extractionId: string, path: string, decision: Omit<FieldDecision, 'decidedAt'> | null): Promise<Review> {
    const run = this.queue.then(async () => {
      await this.workspace.result(extractionId); // the extraction must exist (and the id be valid)
      return this.store.update(extractionId, (review) => {
        const now = new Date().toISOString();
        const fields = { ...review?.fields };
        if (decision) fields[path] = { ...decision, decidedAt: now };
        else delete fields[path];
        return { extractionId, updatedAt: now, fields };
      });
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * The extraction's fields with their decisions, pages, boxes and source text, as a JSON or
   * CSV file, with each rule of the schema it was made with and its result: the schema the
   * extraction recorded, else (one stored before schemas were recorded) `schema`, the editor's.
   */
  async export(extractionId: string, format: 'json' | 'csv', schema?: Record<string, unknown>): Promise<ReviewExport> {
    const extraction = await this.workspace.result(extractionId);
    const document = await this.workspace.documentInfo(extraction.documentId);
    const target = extraction.schemaKey ? { schemaKey: extraction.schemaKey } : schema ? { schema } : null;
    const rules = target ? evaluateRules(await this.rules.rulesOf(target), extractionValues(extraction)) : null;
    return exportReview(
      extraction,
      await this.get(extractionId),
      document.name,
      format,
      await loadExportSource(this.workspace, extraction),
      rules,
    );
  }
}
