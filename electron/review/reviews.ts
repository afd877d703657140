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
import { extractionView } from '../../shared/grounding/resultModel.js';
import type { AuditExport, AuditEntry } from '../../shared/ipc/audit.js';
import { exportReview } from './exportReview.js';
import { AuditLog } from './auditLog.js';
import { auditEntryFor } from './auditEntry.js';
import { auditCsv } from './auditCsv.js';
import { osUserName } from './osUser.js';
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
  private readonly audit: AuditLog;

  constructor(
    private readonly workspace: Workspace,
    private readonly rules: Rules = new Rules(workspace),
    /** Who the trail names; the OS user unless a test says otherwise. */
    private readonly user: () => string = osUserName,
  ) {
    this.audit = new AuditLog(workspace.root, workspace.logger);
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

  /**
   * Saves one decision (null takes it back) and appends it to the document's audit trail:
   * the entry is derived here from the stored decision and the new one, and appended before
   * the review is written, so no saved decision is ever missing from the trail. `undo` only
   * names the action; what changed is still read from disk.
   */
  decide(
    extractionId: string,
    path: string,
    decision: Omit<FieldDecision, 'decidedAt'> | null,
    { undo = false }: { undo?: boolean } = {},
  ): Promise<Review> {
    const run = this.queue.then(async () => {
      const extraction = await this.workspace.result(extractionId); // the extraction must exist (and the id be valid)
      const review = await this.store.readOrRefuse(extractionId);
      const now = new Date().toISOString();
      const fields = { ...review?.fields };
      const before = fields[path];
      if (decision) fields[path] = { ...decision, decidedAt: now };
      else delete fields[path];
      const entry = auditEntryFor({
        at: now,
        user: this.user(),
        documentId: extraction.documentId,
        resultId: extractionId,
        path,
        extracted: extractionView(extraction, null).fields.find((f) => f.path === path)?.value,
        before,
        after: fields[path],
        undo,
      });
      if (entry) await this.audit.append([entry]);
      const next: Review = { extractionId, updatedAt: now, fields };
      await this.store.write(extractionId, next);
      return next;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** How many fields of an extraction have a decision (a review that cannot be read counts none). */
  async decidedCount(extractionId: string): Promise<number> {
    return Object.keys((await this.store.read(extractionId))?.fields ?? {}).length;
  }

  /** A document's audit trail, newest first. */
  async history(documentId: string): Promise<AuditEntry[]> {
    await this.workspace.documentInfo(documentId); // the document must exist (and the id be valid)
    return (await this.audit.read(documentId)).reverse();
  }

  /** A document's audit trail as CSV, in the order it was written. */
  async exportHistory(documentId: string): Promise<AuditExport> {
    const document = await this.workspace.documentInfo(documentId);
    return auditCsv(document.name, await this.audit.read(documentId));
  }

  /**
   * The extraction's fields with their decisions, pages, boxes and source text, as a JSON or
   * CSV file, with each rule of the schema it was made with and its result: the schema the
   * extraction recorded, else (one stored before schemas were recorded) `schema`, the editor's.
   */
  async export(extractionId: string, format: 'json' | 'csv', schema?: Record<string, unknown>): Promise<ReviewExport> {
    const extraction = await this.workspace.result(extractionId);
    const document = await this.workspace.documentInfo(extraction.documentId);
    const read = await this.rules.rulesForExtraction(extraction, schema);
    const rules = read && !read.unreadable ? evaluateRules(read.rules, extractionValues(extraction)) : null;
    return exportReview(
      extraction,
      await this.get(extractionId),
      document.name,
      format,
      await loadExportSource(this.workspace, extraction),
      rules,
      read?.unreadable ? read.file : null,
    );
  }
}
