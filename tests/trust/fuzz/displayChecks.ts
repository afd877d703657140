/**
 * What "usable" means for a loaded result: the display model holds only finite, in-bounds
 * numbers (ranges inside the Markdown on character boundaries, boxes inside the page), and
 * everything that arrived questionable is flagged. The expectations for flags are written
 * from the contract here, independently of the model builder, and compared node by node.
 */
import { FIELD_FLAG_LABELS } from '../../../shared/grounding/fields.js';
import {
  boxesOnPage,
  MAX_MODEL_NODES,
  NODE_FLAG_LABELS,
  pagesWithBoxes,
  sliceMarkdown,
  markdownLength,
  type ModelNode,
  type ParseModel,
  type TextRange,
} from '../../../shared/grounding/parseModel.js';
import { MAX_LISTED_FIELDS, type ExtractionView } from '../../../shared/grounding/resultModel.js';
import type { PageBox } from '../../../shared/grounding/box.js';
import { selectNode, selectRanges } from '../../../shared/grounding/selection.js';
import type { ResultInfo } from '../../../shared/result.js';
import { codePoints } from './arbCommon.js';
import { LoaderBug } from './clearError.js';

const fail = (what: string): never => {
  throw new LoaderBug(what);
};
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isFraction = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkRange(markdown: string, range: TextRange, where: string): void {
  const { start, end } = range;
  if (!isInt(start) || !isInt(end) || start < 0 || start > end || end > markdown.length)
    fail(`${where}: range ${start}–${end} outside the Markdown (${markdown.length} units)`);
  const splits = (at: number) =>
    at > 0 && at < markdown.length && /[\uD800-\uDBFF]/.test(markdown[at - 1]!) && /[\uDC00-\uDFFF]/.test(markdown[at]!);
  if (splits(start) || splits(end)) fail(`${where}: range ${start}–${end} splits a character`);
}

function checkBox(box: PageBox, where: string): void {
  if (![box.left, box.top, box.right, box.bottom].every(isFraction))
    fail(`${where}: box ${JSON.stringify(box)} has coordinates outside 0–1 or not finite`);
  if (box.left > box.right || box.top > box.bottom) fail(`${where}: box ${JSON.stringify(box)} is inverted`);
  if (typeof box.page !== 'number' || !Number.isFinite(box.page)) fail(`${where}: box on page ${String(box.page)}`);
}

/** The display model: numbers sane, structure consistent, every invalid box flagged, and every node selectable. */
export function checkModel(model: ParseModel): void {
  const markdown = wholeMarkdown(model);
  if (typeof markdown !== 'string') fail('the model has no Markdown');
  if (model.order.length !== model.nodes.size) fail(`order lists ${model.order.length} nodes, the model has ${model.nodes.size}`);
  let children = 0;
  let roots = 0;
  for (const id of model.order) {
    const node = model.nodes.get(id) ?? fail(`node ${id} in order but not in the model`);
    checkNode(model, markdown, node);
    children += node.childIds.length;
    if (node.parentId === null) roots++;
  }
  if (children + roots !== model.nodes.size) fail(`${model.nodes.size} nodes, but ${children} are children and ${roots} roots`);
  for (const page of pagesWithBoxes(model)) {
    const ids = boxesOnPage(model, page);
    if (!Number.isFinite(page)) fail(`boxes listed on page ${page}`);
    for (const id of ids) if (!model.nodes.get(id)?.box) fail(`node ${id} listed on page ${page} without a box`);
  }
  for (const page of model.pages) {
    if (!Number.isFinite(page.page)) fail(`a page numbered ${page.page}`);
    if (typeof page.status !== 'string' || typeof page.reason !== 'string') fail(`page ${page.page}: status or reason that is not text`);
  }
  for (const id of model.order.slice(0, 50)) {
    const selection = selectNode(model, id);
    for (const box of selection?.boxes ?? []) checkBox(box, `selection of ${id}`);
  }
}

function wholeMarkdown(model: ParseModel): string {
  return sliceMarkdown(model, { start: 0, end: markdownLength(model) });
}

function checkNode(model: ParseModel, markdown: string, node: ModelNode): void {
  if (typeof node.id !== 'string' || typeof node.type !== 'string') fail(`a node whose id or type is not text: ${String(node.id)}`);
  const where = `node ${node.id.slice(0, 40)}`;
  for (const flag of node.flags) if (!NODE_FLAG_LABELS[flag]) fail(`${where}: flag ${flag} has no label to show`);
  if (node.status !== undefined && typeof node.status !== 'string') fail(`${where}: status that is not text`);
  if (node.reason !== undefined && typeof node.reason !== 'string') fail(`${where}: reason that is not text`);
  if (node.range) checkRange(markdown, node.range, where);
  if (node.page !== null && !Number.isFinite(node.page)) fail(`${where}: page ${node.page}`);
  if (node.box) {
    checkBox(node.box, where);
    if (!node.box.valid && node.flags.length === 0) fail(`${where}: invalid box not flagged`);
  }
  for (const atom of node.atomic) {
    // A line whose range could not be placed carries none (and its node says why).
    if (atom.range) checkRange(markdown, atom.range, `${where} (line)`);
    else if (node.flags.length === 0) fail(`${where}: line without a range not flagged`);
    checkBox(atom.box, `${where} (line)`);
    if (!atom.box.valid && node.flags.length === 0) fail(`${where}: invalid line box not flagged`);
  }
  if (node.cell && ![node.cell.row, node.cell.col, node.cell.rowspan, node.cell.colspan].every(isInt))
    fail(`${where}: cell ${JSON.stringify(node.cell)}`);
  for (const childId of node.childIds)
    if (model.nodes.get(childId)?.parentId !== node.id) fail(`${where}: child ${childId.slice(0, 40)} does not name it as parent`);
}

/** A model cut at its node limit holds the first nodes, and says so on a parent it stopped in. */
function isCut(model: ParseModel): boolean {
  return model.order.length === MAX_MODEL_NODES && [...model.nodes.values()].some((n) => n.flags.includes('too_many_nodes'));
}

/** A grounding exactly as the contract has it, for a Markdown `length` code points long. */
function groundingOk(g: unknown, length: number): boolean {
  if (!isRecord(g) || !isRecord(g.range) || !isRecord(g.box)) return false;
  const { start, end } = g.range;
  const { xmin, ymin, xmax, ymax } = g.box;
  return (
    isInt(g.page) &&
    g.page >= 1 &&
    isInt(start) &&
    isInt(end) &&
    start >= 0 &&
    start <= end &&
    end <= length &&
    [xmin, ymin, xmax, ymax].every(isFraction) &&
    (xmin as number) <= (xmax as number) &&
    (ymin as number) <= (ymax as number)
  );
}

/**
 * Which nodes of a raw v2 structure tree must come out flagged, in the order the model
 * lists them: a grounding or line grounding that breaks the contract, a type that is not a
 * string, a page numbered other than 1, 2, 3…
 */
export function checkParseFlags(model: ParseModel, response: unknown, maxDepth: number): void {
  const raw = response as { markdown: string; structure: unknown };
  const length = codePoints(raw.markdown);
  const expected: boolean[] = [];
  const stack: Array<{ node: Record<string, unknown>; depth: number }> = isRecord(raw.structure) ? [{ node: raw.structure, depth: 0 }] : [];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    const atoms = node.atomic_grounding;
    const questionable =
      (node.grounding !== undefined && !groundingOk(node.grounding, length)) ||
      (atoms !== undefined && atoms !== null && (!Array.isArray(atoms) || !atoms.every((a) => groundingOk(a, length)))) ||
      typeof node.type !== 'string' ||
      (node.type === 'page' && node.page !== undefined && !(isInt(node.page) && node.page >= 1));
    expected.push(questionable);
    const children = depth < maxDepth && Array.isArray(node.children) ? node.children.filter(isRecord) : [];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, depth: depth + 1 });
  }
  const cut = isCut(model);
  if (expected.length !== model.order.length && !(cut && expected.length > model.order.length))
    fail(`the structure has ${expected.length} nodes, the model ${model.order.length}`);
  expected.length = model.order.length;
  expected.forEach((questionable, i) => {
    const node = model.nodes.get(model.order[i]!)!;
    if (questionable && node.flags.length === 0) fail(`node ${node.id.slice(0, 40)} (#${i}) breaks the contract but is not flagged`);
  });
}

/** Every chunk of an analyzer answer is shown, and one that breaks the contract (page, box, text not in the Markdown) is flagged. */
export function checkAnalyzerFlags(model: ParseModel, response: unknown): void {
  const data = (response as { data: { markdown: string; chunks: Array<Record<string, unknown>> } }).data;
  const byBase = new Map<string, ModelNode[]>();
  for (const node of model.nodes.values()) {
    const base = node.id.replace(/~\d+$/, '');
    const list = byBase.get(base);
    if (list) list.push(node);
    else byBase.set(base, [node]);
  }
  const wanted = new Map<string, { chunks: number; questionable: number }>();
  for (const chunk of data.chunks) {
    const grounding = Array.isArray(chunk.grounding) ? chunk.grounding : [];
    const goodBox = (g: unknown) =>
      isRecord(g) &&
      isInt(g.page) &&
      g.page >= 0 &&
      isRecord(g.box) &&
      [g.box.l, g.box.t, g.box.r, g.box.b].every(isFraction) &&
      (g.box.l as number) <= (g.box.r as number) &&
      (g.box.t as number) <= (g.box.b as number);
    const text = typeof chunk.text === 'string' ? chunk.text.trim() : '';
    const questionable = grounding.length === 0 || !grounding.every(goodBox) || text === '' || !data.markdown.includes(text);
    // An empty id is no id: the model names the node by its type.
    const id = chunk.chunk_id === '' ? `${String(chunk.chunk_type)}-anon` : String(chunk.chunk_id);
    const entry = wanted.get(id) ?? { chunks: 0, questionable: 0 };
    wanted.set(id, { chunks: entry.chunks + 1, questionable: entry.questionable + (questionable ? 1 : 0) });
  }
  if (isCut(model)) return; // the chunks past the limit are not shown, and the cut is flagged
  for (const [id, { chunks, questionable }] of wanted) {
    const nodes = (byBase.get(id) ?? []).filter((n) => n.type !== 'page' && n.type !== 'document');
    if (nodes.length < chunks) fail(`chunk ${id.slice(0, 40)}: ${chunks} sent, ${nodes.length} shown`);
    if (nodes.filter((n) => n.flags.length > 0).length < questionable)
      fail(`chunk ${id.slice(0, 40)}: ${questionable} break the contract, fewer flagged`);
  }
}

/** Fields: bounded in number, ranges whole numbers, those outside the Markdown flagged, notices text, and selecting each field works. */
export function checkExtractionView(view: ExtractionView, model: ParseModel): void {
  const { fields } = view;
  if (fields.length > MAX_LISTED_FIELDS) fail(`${fields.length} fields listed (more than ${MAX_LISTED_FIELDS})`);
  const length = model.index.codePointLength;
  for (const notice of [...view.generalNotices, ...[...view.noticesByPath.values()].flat()]) {
    if (typeof notice.code !== 'string' || typeof notice.message !== 'string')
      fail(`a notice that is not text: ${String(notice.message).slice(0, 80)}`);
  }
  for (const text of [view.note, view.extractionError]) if (text !== null && typeof text !== 'string') fail('a note that is not text');
  for (const field of fields.slice(0, 200)) {
    if (typeof field.path !== 'string') fail(`a field path ${String(field.path)}`);
    const where = `field ${field.path.slice(0, 60)}`;
    for (const flag of field.flags ?? []) if (!FIELD_FLAG_LABELS[flag]) fail(`${where}: flag ${flag} has no label to show`);
    if (typeof field.value === 'object' && field.value !== null && !(Array.isArray(field.value) && field.value.length === 0))
      fail(`${where}: a value the panel cannot print`);
    for (const range of field.ranges) {
      if (!isInt(range.start) || !isInt(range.end)) fail(`${where}: range ${range.start}–${range.end} is not whole numbers`);
      const inside = range.start >= 0 && range.start <= range.end && range.end <= length;
      if (!inside && !(field.flags ?? []).includes('range_out_of_bounds'))
        fail(`${where}: range ${range.start}–${range.end} outside the Markdown but not flagged`);
    }
    const selection = selectRanges(
      model,
      field.path,
      field.ranges.map((r) => model.index.rangeToUtf16(r.start, r.end)),
    );
    for (const range of selection.ranges) checkRange(wholeMarkdown(model), range, `${where} selection`);
    for (const box of selection.boxes) checkBox(box, `${where} selection`);
  }
}

/** A stored result's summary, as the library and status bar show it: readable, pages and credits sensible numbers, a short model name. */
export function checkSummary(info: ResultInfo | null): void {
  if (!info) fail('a stored result has no readable summary');
  const { pageCount, credits, modelVersion } = info!;
  if (pageCount !== null && !(isInt(pageCount) && pageCount >= 0)) fail(`the summary says ${pageCount} pages`);
  if (credits !== null && !(Number.isFinite(credits) && credits >= 0)) fail(`the summary says ${credits} credits`);
  if (modelVersion !== null && (typeof modelVersion !== 'string' || modelVersion.length > 200))
    fail(`the summary names a ${String(modelVersion).length}-character model`);
}
