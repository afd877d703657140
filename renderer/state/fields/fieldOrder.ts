/**
 * A document's fields in review order, as pure functions of the fields and the decisions: which field comes
 * next, what a step lands on, the counts the progress line shows, and what undo restores.
 */
import type { WeakestWord } from '../../../shared/grounding/confidence.js';
import type { FieldEntry } from '../../../shared/grounding/fields.js';
import type { FieldDecision, Review } from '../../../shared/review.js';
import { decisionOf } from '../../../shared/reviewFields.js';

type Decisions = Review['fields'];

/** The first field without a decision after `fromPath`, wrapping round to the start; `fromPath` itself last; null when every field is decided. */
export function nextUnreviewed(
  fields: readonly Pick<FieldEntry, 'path'>[],
  decisions: Decisions | undefined,
  fromPath: string | null,
): string | null {
  if (fields.length === 0) return null;
  const from = fromPath === null ? -1 : fields.findIndex((f) => f.path === fromPath);
  for (let step = 1; step <= fields.length; step++) {
    const field = fields[(from + step + fields.length) % fields.length]!;
    if (!decisionOf(decisions, field.path)) return field.path;
  }
  return null;
}

/** The field `direction` steps from `fromPath`, stopping at the ends; the first (or last) when nothing is selected. */
export function stepPath(fields: readonly Pick<FieldEntry, 'path'>[], fromPath: string | null, direction: 1 | -1): string | null {
  if (fields.length === 0) return null;
  const current = fromPath === null ? -1 : fields.findIndex((f) => f.path === fromPath);
  const next = current < 0 ? (direction > 0 ? 0 : fields.length - 1) : Math.min(fields.length - 1, Math.max(0, current + direction));
  return fields[next]!.path;
}

/** Lowest confidence first (ties and unscored fields keep document order, unscored last); otherwise document order. */
export function orderFields<T extends Pick<FieldEntry, 'path'>>(
  fields: readonly T[],
  weakest: Map<string, WeakestWord | null>,
  byConfidence: boolean,
): T[] {
  if (!byConfidence) return [...fields];
  const score = (f: T) => weakest.get(f.path)?.confidence ?? Infinity;
  return fields
    .map((f, i) => ({ f, i, s: score(f) }))
    .sort((a, b) => a.s - b.s || a.i - b.i)
    .map(({ f }) => f);
}

export interface ReviewCounts {
  total: number;
  reviewed: number;
  accepted: number;
  corrected: number;
  rejected: number;
}

/** Counts over the listed fields only (a decision on a path no longer listed is not counted). */
export function reviewCounts(fields: readonly Pick<FieldEntry, 'path'>[], decisions: Decisions | undefined): ReviewCounts {
  const counts: ReviewCounts = { total: fields.length, reviewed: 0, accepted: 0, corrected: 0, rejected: 0 };
  for (const field of fields) {
    const decision = decisionOf(decisions, field.path);
    if (!decision) continue;
    counts.reviewed++;
    counts[decision.status]++;
  }
  return counts;
}

/** "12 of 40 reviewed · 3 corrected · 1 rejected" (the parts that are zero are left out). */
export function progressLine(counts: ReviewCounts): string {
  const parts = [`${counts.reviewed} of ${counts.total} reviewed`];
  if (counts.corrected > 0) parts.push(`${counts.corrected} corrected`);
  if (counts.rejected > 0) parts.push(`${counts.rejected} rejected`);
  return parts.join(' · ');
}

/** One decision made, and what the field had before it (undefined: no decision). */
export interface UndoEntry {
  extractionId: string;
  path: string;
  previous: FieldDecision | undefined;
}

/** The decision to write back for an undo: the previous one's status, value and note, or null to take the decision back. */
export function restoredDecision(entry: UndoEntry): Omit<FieldDecision, 'decidedAt'> | null {
  if (!entry.previous) return null;
  const { status, correctedValue, note } = entry.previous;
  return { status, correctedValue, note };
}
