import { isUnreadableLine, type AuditEntry, type AuditEntryView, type AuditPage, type ChainVerdict } from '../../shared/ipc/audit.js';
import { WORKSPACE_ID_PATTERN } from '../../shared/ipc/ids.js';
import { AppError } from '../../shared/errors.js';
import type { Logger } from '../core/log.js';
import { ChainedTrail, type CheckedLine } from '../storage/chainedTrail.js';
import { auditFile } from '../workspace/layout.js';
import { parseAuditLine } from './auditEntry.js';

/** A line of the trail as read: an entry, or one that is not (kept, so it can be shown as unreadable), with what the chain says of it. */
export type AuditLine = CheckedLine<AuditEntry>;

/**
 * Whether each entry's review write landed, walking newest to oldest. Decisions on one
 * extraction are serialized, so the entry after E on the same extraction was derived from
 * the review E left: its `prev` is E's id when E was written, E's own `prev` when it was not.
 * The newest entry of an extraction was written when the review records its id.
 */
export class SavedMarker {
  /** Per extraction, the `prev` of the newest entry seen so far. */
  private readonly laterPrev = new Map<string, string | null | undefined>();

  /** `auditIdOf` answers null when it cannot tell (the extraction and its review are gone): such entries are not called unsaved. */
  constructor(private readonly auditIdOf: (resultId: string) => Promise<string | undefined | null>) {}

  async mark(entry: AuditEntry & ChainVerdict): Promise<AuditEntryView> {
    const seen = this.laterPrev.has(entry.resultId);
    const laterPrev = this.laterPrev.get(entry.resultId);
    this.laterPrev.set(entry.resultId, entry.prev);
    // An entry of the first trail format carries no id: nothing to check it by.
    if (entry.id === undefined) return { ...entry, saved: true };
    if (seen) return { ...entry, saved: laterPrev === entry.id };
    const auditId = await this.auditIdOf(entry.resultId);
    const saved = auditId === null || auditId === entry.id;
    return { ...entry, saved };
  }
}

/**
 * The audit trail: `audit/<document id>.jsonl`, one JSON line per decision, only ever
 * appended to (never rewritten, so a crash cannot lose what was there) and synced before the
 * append resolves; each entry is checked to read back before it is written, and names the
 * hash of the line before it (`ChainedTrail`: a line changed, removed or moved later is found
 * and said where it stands). A crash mid-append can leave a torn last line: reading reports
 * it (and any line that is not an entry) as unreadable, and the next append starts on a line
 * of its own. The trail outlives its document: the trash never takes it.
 */
export class AuditLog {
  /** Appends run one at a time (across documents: one trail object), so two lines never interleave and each names the line before it. */
  private readonly trail = new ChainedTrail<AuditEntry>(parseAuditLine);

  constructor(
    private readonly workspaceRoot: string,
    private readonly logger: Logger,
  ) {}

  append(entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    const documentId = entries[0]!.documentId;
    if (entries.some((e) => e.documentId !== documentId))
      throw new AppError({
        code: 'audit_mixed_documents',
        message: 'An audit append mixed two documents.',
        hint: 'This is a bug in the app; nothing was written.',
      });
    return this.trail.append(this.file(documentId), entries, lineOf);
  }

  /** The document's lines, oldest first: each an entry, or unreadable (a torn last line, a line changed by hand), with where the chain breaks. */
  async read(documentId: string): Promise<AuditLine[]> {
    const lines = await this.trail.read(this.file(documentId));
    this.warnUnreadable(documentId, lines);
    return lines;
  }

  /**
   * One page of the trail, newest first, read from the end of the file (a long trail is not
   * read whole for its newest entries). `before` is a page's `next`: the file position its
   * oldest entry starts at. Whether each entry was saved needs the entries after it, so an
   * older page reads from the end too.
   */
  async page(
    documentId: string,
    { limit, before }: { limit: number; before?: number | undefined },
    auditIdOf: (resultId: string) => Promise<string | undefined | null>,
  ): Promise<AuditPage> {
    const marker = new SavedMarker(auditIdOf);
    const entries: AuditPage['entries'] = [];
    let oldest = 0;
    for await (const { line, start } of this.trail.checkedFromEnd(this.file(documentId))) {
      const view = isUnreadableLine(line) ? line : await marker.mark(line);
      if (before !== undefined && start >= before) continue;
      if (entries.length === limit) return { entries, next: oldest };
      entries.push(view);
      oldest = start;
    }
    return { entries, next: null };
  }

  /** The newest entry on one field of one extraction, read from the end of the file. */
  async latestFor(documentId: string, resultId: string, path: string): Promise<AuditEntry | null> {
    for await (const { line } of this.trail.rawFromEnd(this.file(documentId)))
      if (!isUnreadableLine(line) && line.resultId === resultId && line.path === path) return line;
    return null;
  }

  private warnUnreadable(documentId: string, lines: readonly AuditLine[]): void {
    const unreadable = lines.filter((l) => isUnreadableLine(l)).length;
    const breaks = lines.filter((l) => (l.breaks ?? []).length > 0).length;
    if (unreadable > 0) this.logger.warn('unreadable audit lines', { documentId, unreadable });
    if (breaks > 0) this.logger.warn('audit trail chain broken', { documentId, breaks });
  }

  private file(documentId: string): string {
    if (!WORKSPACE_ID_PATTERN.test(documentId))
      throw new AppError({
        code: 'invalid_id',
        message: 'That id is not valid.',
        hint: 'Ids are made by the app; this one was changed or cut short.',
      });
    return auditFile(this.workspaceRoot, documentId);
  }
}

/**
 * The line an entry is appended as, checked to read back as an entry: one that would not (a
 * decision missing its status) is refused before anything is written, never kept unreadable.
 */
function lineOf(entry: AuditEntry & { prevHash: string }): string {
  const line = JSON.stringify(entry);
  if (parseAuditLine(line) === null)
    throw new AppError({
      code: 'audit_entry_invalid',
      message: `The audit entry for “${entry.path}” is not complete, so the decision was not saved.`,
      hint: 'This is a bug in the app; nothing was written.',
    });
  return line;
}
