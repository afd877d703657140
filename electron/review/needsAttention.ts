import { weakestWord } from '../../shared/grounding/confidence.js';
import { fieldRangesUtf16 } from '../../shared/grounding/groundField.js';
import { decodeModel } from '../../shared/grounding/modelBytes.js';
import { extractionView } from '../../shared/grounding/resultModel.js';
import { selectRanges } from '../../shared/grounding/selection.js';
import type { Rule } from '../../shared/rules/parseRules.js';
import { evaluateRules } from '../../shared/rules/evaluateRules.js';
import { extractionValues } from '../../shared/rules/extractionValues.js';
import type { StoredResult } from '../../shared/result.js';
import type { Workspace } from '../workspace/workspace.js';

/** Why an extraction needs a reviewer's attention: a failing rule, a low-confidence field, or scores that cannot be read. */
export type AttentionReason = 'rules' | 'low' | 'unscored';

/**
 * Why an extraction needs a reviewer's attention, or null: `rules` when a rule of its schema
 * fails, `low` when a field's weakest word scores under `threshold` (as the Fields panel marks
 * it, on the result model its ranges point into), `unscored` when that model cannot be read
 * (its scores are unknown, so it is not taken for fine). A result without scores has no
 * low-confidence fields.
 */
export async function needsAttention(
  workspace: Workspace,
  extraction: StoredResult,
  threshold: number,
  rules: readonly Rule[],
): Promise<AttentionReason | null> {
  if (evaluateRules(rules, extractionValues(extraction)).some((r) => r.status === 'fail')) return 'rules';
  const sourceId = extraction.kind === 'analyzer' ? extraction.id : extraction.sourceResultId;
  if (!sourceId) return null;
  const stored = await workspace.resultModel(sourceId).catch(() => null);
  if (!stored) return 'unscored';
  const model = decodeModel(stored.model);
  const low = extractionView(extraction, model).fields.some((field) => {
    const ranges = fieldRangesUtf16(model, field);
    if (ranges.length === 0) return false;
    const weakest = weakestWord(model, selectRanges(model, field.path, ranges));
    return weakest !== null && weakest.confidence < threshold;
  });
  return low ? 'low' : null;
}
