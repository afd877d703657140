import { fieldRangesUtf16 } from '../../shared/grounding/groundField.js';
import { decodeModel } from '../../shared/grounding/modelBytes.js';
import { sliceMarkdown, type ParseModel } from '../../shared/grounding/parseModel.js';
import { extractionView } from '../../shared/grounding/resultModel.js';
import { selectRanges } from '../../shared/grounding/selection.js';
import type { ResultInfo, StoredResult } from '../../shared/result.js';

/**
 * One searchable place of a result, mapped back to where it is: a block of a parse or analyzer
 * result (a child of a page: the unit the Markdown panel draws and a click selects), or one
 * extracted value (a leaf of the extraction, the unit the Fields panel lists).
 */
export interface SearchUnit {
  target: 'node' | 'field';
  /** Node id or field path. */
  ref: string;
  page: number | null;
  /** UTF-16 range in the Markdown (a field's: its first range in its source's Markdown); -1 when none. */
  start: number;
  end: number;
  /** What is searched and shown: the block's Markdown, or the field's value. */
  text: string;
  /** Searched too: a field's path in words (`line_items[2].unit_price` → `line items unit price`). */
  label: string;
}

/** A block's text kept for snippets is cut here (the whole block is still indexed). */
export const MAX_KEPT_TEXT = 2_000;

/** What the units of a result are read through: its model, and its response as the service sent it. */
export interface UnitSource {
  resultModel(id: string): Promise<{ model: Uint8Array }>;
  response(id: string): Promise<unknown>;
}

/** The units of one stored result. A result whose model or response cannot be read has none (the caller logs it). */
export async function unitsOfResult(source: UnitSource, info: Pick<ResultInfo, 'id' | 'kind' | 'sourceResultId'>): Promise<SearchUnit[]> {
  if (info.kind === 'parse') return blockUnits(decodeModel((await source.resultModel(info.id)).model));
  if (info.kind === 'analyzer') {
    const model = decodeModel((await source.resultModel(info.id)).model);
    return [...blockUnits(model), ...fieldUnits({ kind: info.kind, response: await source.response(info.id) }, model)];
  }
  const extraction = { kind: info.kind, response: await source.response(info.id) };
  // Its ranges point into its source's Markdown; without the source the values are still found, with no place.
  const model = info.sourceResultId
    ? await source
        .resultModel(info.sourceResultId)
        .then((m) => decodeModel(m.model))
        .catch(() => null)
    : null;
  return fieldUnits(extraction, model);
}

function blockUnits(model: ParseModel): SearchUnit[] {
  const nodes = model.nodes;
  const units: SearchUnit[] = [];
  // Ranges in another unit than the contract's are not used (nothing would light the right text): such a result's blocks are found with no range.
  const trusted = model.foreignRangeUnits === null;
  for (let i = 0; i < nodes.size; i++) {
    const parent = nodes.parentAt(i);
    if (parent < 0 || nodes.typeAt(parent) !== 'page') continue;
    const range = nodes.rangeAt(i);
    if (!range || range.end <= range.start) continue;
    const text = tidy(sliceMarkdown(model, range));
    if (!text) continue;
    units.push({
      target: 'node',
      ref: nodes.idAt(i),
      page: nodes.pageAt(i),
      start: trusted ? range.start : -1,
      end: trusted ? range.end : -1,
      text,
      label: '',
    });
  }
  return units;
}

function fieldUnits(extraction: Pick<StoredResult, 'kind' | 'response'>, model: ParseModel | null): SearchUnit[] {
  const view = extractionView(extraction, model);
  return view.fields.flatMap((field) => {
    const text = tidy(valueText(field.value));
    if (!text) return [];
    const usable = model && !field.flags?.some((f) => f === 'range_out_of_bounds' || f === 'range_units_unknown');
    const ranges = usable && field.ranges.length > 0 ? fieldRangesUtf16(model, field) : [];
    const page = usable && ranges.length > 0 ? (selectRanges(model, field.path, ranges).pages[0] ?? null) : null;
    return [
      {
        target: 'field' as const,
        ref: field.path,
        page,
        start: ranges[0]?.start ?? -1,
        end: ranges[0]?.end ?? -1,
        text,
        label: field.path.replace(/\[\d+\]/g, ' ').replace(/[._]+/g, ' '),
      },
    ];
  });
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // An empty list, or a value nested too deeply to walk: what it says, bounded.
  try {
    return JSON.stringify(value).slice(0, MAX_KEPT_TEXT);
  } catch {
    return '';
  }
}

/** Whitespace runs become one space, so a snippet reads as a line. */
function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
