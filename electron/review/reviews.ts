import { z } from 'zod';
import type { StoredResult } from '../../shared/result.js';
import type { FieldDecision, Review } from '../../shared/review.js';
import { REVIEW_STATUSES } from '../../shared/review.js';
import type { ReviewExport } from '../../shared/ipc/reviews.js';
import { JsonDirStore } from '../storage/jsonDirStore.js';
import type { Workspace } from '../workspace/workspace.js';
import { Rules, type RulesRead } from '../rules/rules.js';
import { evaluateRules } from '../../shared/rules/evaluateRules.js';
import { extractionValues } from '../../shared/rules/extractionValues.js';
import { extractionView } from '../../shared/grounding/resultModel.js';
import type { AuditExport, AuditPage } from '../../shared/ipc/audit.js';
import { AppError } from '../../shared/errors.js';
import { ulid } from '../../shared/ulid.js';
import { exportReview } from './exportReview.js';
import { AuditLog, SavedMarker } from './auditLog.js';
import { asAudit, auditEntryFor, valueText } from './auditEntry.js';
import { auditCsv } from './auditCsv.js';
import { osUserName } from '../core/osUser.js';
import { loadExportSource } from './exportSource.js';
import { ENTRY_SUFFIX, folderIn } from '../workspace/layout.js';
import { decisionOf, withDecision } from '../../shared/reviewFields.js';

const decisionSchema = z.object({
  status: z.enum(REVIEW_STATUSES),
  correctedValue: z.string().exactOptional(),
  note: z.string().exactOptional(),
  decidedAt: z.string(),
});
/** By field path. Not `z.record`: it drops a `__proto__` key, and a field may have that name. */
const decisionsSchema = z.preprocess(
  (value) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : value),
  z.array(z.tuple([z.string(), decisionSchema])).transform((entries) => Object.fromEntries(entries)),
);

const reviewSchema = z.object({
  extractionId: z.string(),
  auditId: z.string().exactOptional(),
  updatedAt: z.string(),
  fields: decisionsSchema,
});

/**
 * Reviews live beside results: `<workspace>/reviews/<extraction id>.json`, rewritten
 * atomically on every decision, so a decision is kept the moment it is made.
 * Decisions are serialized per review, so two quick clicks never lose one.
 */
export class Reviews {
  /** Decisions run one at a time (read, append, write), so none is lost and each entry's `prev` is true. */
  private serial: Promise<unknown> = Promise.resolve();
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
      dir: folderIn(workspace.root, 'reviews'),
      schema: reviewSchema,
      suffix: ENTRY_SUFFIX,
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
   * Saves one decision (null takes it back) and appends it to the document's audit trail. The
   * entry is derived here from the stored decision and the new one, appended first, and the
   * review is then written atomically with the entry's id: an entry whose write never landed
   * (it failed, or the app stopped in between) is shown "not saved" (see `SavedMarker`), and a
   * retry is an entry of its own. The path must be one of the extraction's fields. `undo` names
   * the action only when the decision restores what the field had before its latest entry; an
   * accept a rule of `schema` fails on is recorded as an override, naming the rules.
   */
  decide(
    extractionId: string,
    path: string,
    decision: Omit<FieldDecision, 'decidedAt'> | null,
    { undo = false, schema }: { undo?: boolean; schema?: Record<string, unknown> | undefined } = {},
  ): Promise<Review> {
    const run = this.serial.then(async () => {
      const extraction = await this.workspace.result(extractionId); // the extraction must exist (and the id be valid)
      const field = extractionView(extraction, null).fields.find((f) => f.path === path);
      if (!field) {
        throw new AppError({
          code: 'unknown_field',
          message: `“${path}” is not a field of this extraction.`,
          hint: 'Decide one of the fields the Fields panel lists; reopen the document if it changed.',
        });
      }
      const review = await this.store.readOrRefuse(extractionId); // an unreadable review is refused, never overwritten
      const rules = await this.rules.rulesForExtraction(extraction, schema);
      const now = new Date().toISOString();
      const before = decisionOf(review?.fields, path);
      const fields = withDecision(review?.fields, path, decision ? { ...decision, decidedAt: now } : undefined);
      const entry = auditEntryFor({
        id: ulid(),
        prev: review?.auditId ?? null,
        at: now,
        user: this.user(),
        documentId: extraction.documentId,
        resultId: extractionId,
        path,
        extracted: field.value,
        before,
        after: decisionOf(fields, path),
        undo: undo && (await this.restoresLatest(extraction, path, decisionOf(fields, path))),
        override: decision?.status === 'accepted' ? failingRulesOn(extraction, path, rules) : [],
        // The rules in force, matched to their text in the rules trail; null: they could not be read.
        ...(rules ? { rulesHash: rules.unreadable ? null : rules.hash } : {}),
      });
      if (!entry) return review ?? { extractionId, updatedAt: now, fields };
      await this.audit.append([entry]);
      const next: Review = { extractionId, updatedAt: now, fields, auditId: entry.id! };
      await this.store.write(extractionId, next);
      return next;
    });
    this.serial = run.catch(() => undefined);
    return run;
  }

  /** Whether `after` is what the field had before its latest entry: only then is a change an undo. */
  private async restoresLatest(extraction: StoredResult, path: string, after: FieldDecision | undefined): Promise<boolean> {
    const latest = await this.audit.latestFor(extraction.documentId, extraction.id, path);
    if (!latest) return false;
    const extracted = valueText(extractionView(extraction, null).fields.find((f) => f.path === path)?.value);
    return JSON.stringify(asAudit(after, extracted)) === JSON.stringify(latest.before);
  }

  /**
   * How many of an extraction's fields have a decision (a review that cannot be read counts
   * none); only paths that are fields count.
   */
  async decidedCount(extraction: StoredResult): Promise<number> {
    const decided = (await this.store.read(extraction.id))?.fields;
    return extractionView(extraction, null).fields.filter((f) => decisionOf(decided, f.path) !== undefined).length;
  }

  /** One page of a document's audit trail, newest first, each entry marked whether its review write landed. */
  async history(documentId: string, page: { limit: number; before?: number | undefined }): Promise<AuditPage> {
    await this.workspace.documentInfo(documentId); // the document must exist (and the id be valid)
    return this.audit.page(documentId, page, (resultId) => this.auditIdOf(resultId));
  }

  /** The audit id the extraction's review recorded; null when the extraction is gone (its review went with it to the trash). */
  private async auditIdOf(extractionId: string): Promise<string | undefined | null> {
    const review = await this.store.read(extractionId);
    if (review) return review.auditId;
    return (await this.workspace.resultInfo(extractionId)) ? undefined : null;
  }

  /** A document's audit trail as CSV, in the order it was written. */
  async exportHistory(documentId: string): Promise<AuditExport> {
    const document = await this.workspace.documentInfo(documentId);
    // Marked newest first (each entry is judged by the ones after it), written oldest first.
    const marker = new SavedMarker((resultId) => this.auditIdOf(resultId));
    const lines = await this.audit.read(documentId);
    const marked = [];
    for (const line of lines.reverse()) marked.push('unreadable' in line ? line : await marker.mark(line));
    return auditCsv(document.name, marked.reverse());
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

/** The extraction's rules (its schema's, see Rules.rulesForExtraction) that fail on `path`, as "line 3: rule (why)". */
function failingRulesOn(extraction: StoredResult, path: string, read: RulesRead | null): string[] {
  if (!read) return [];
  // Rules that cannot be read cannot be passed: an accept then is recorded as overriding them.
  if (read.unreadable) return [`rules unreadable: ${read.file}`];
  const results = evaluateRules(read.rules, extractionValues(extraction));
  return results.filter((r) => r.status === 'fail' && r.paths.includes(path)).map((r) => `line ${r.line}: ${r.rule} (${r.message})`);
}
