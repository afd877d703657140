/**
 * Re-running failed pages: a partial parse answer and the answer of a parse of some of its
 * pages (`options.pages`) become one answer, as if the document had been parsed once. Pure:
 * neither answer is changed, and the merged one is new.
 */
import { AppError } from '../errors.js';
import type { ParseResponse, StructureNode } from '../contracts/v2Parse.js';
import { CodePointIndex } from './codePointIndex.js';
import { foreignRangeUnits } from './parseModel.js';

export interface MergedPages {
  response: ParseResponse;
  /** Pages whose content came from the re-run. */
  rerunPages: number[];
  /** Pages that failed again (in the re-run) or were not re-run and had failed. */
  stillFailed: number[];
  /** Each merged node id → the answer and id it came from (ids are renumbered per type). */
  origin: Map<string, { from: 'original' | 'rerun'; id: string }>;
}

/** The pages a partial answer lists as failed: `metadata.failed_pages` and page nodes with `status: "failed"` (v2.parse.partial-206). */
export function failedPagesOf(response: ParseResponse): number[] {
  const pages = new Set(response.metadata.failed_pages ?? []);
  for (const node of response.structure.children ?? []) {
    if (node.type === 'page' && node.status === 'failed' && node.page !== undefined) pages.add(node.page);
  }
  return [...pages].sort((a, b) => a - b);
}

const cannotMerge = (message: string, hint: string) => new AppError({ code: 'rerun_mismatch', message, hint });

/**
 * The original answer with the pages in `asked` replaced by the re-run's pages. The re-run's
 * page nodes carry their place in the document, not in the request (v2.parse.options.pages-numbering),
 * so they are matched by `page`; an answer for other pages than asked is refused. Every
 * range (`grounding`, `atomic_grounding`, `span`) is moved to the merged Markdown, node ids
 * are renumbered `<type>-<n>` per type in reading order, and the metadata says which pages
 * still failed.
 */
export function mergeRerunPages(original: ParseResponse, rerun: ParseResponse, asked: readonly number[]): MergedPages {
  for (const [name, answer] of [
    ['original', original],
    ['re-run', rerun],
  ] as const) {
    const units = foreignRangeUnits(answer.metadata);
    if (units !== null)
      throw cannotMerge(
        `The ${name} answer counts its ranges in "${units}", not code points, so its pages cannot be merged exactly.`,
        'Nothing was stored.',
      );
  }
  const askedSet = new Set(asked);
  const originalPages = new Map<number, StructureNode>();
  for (const node of original.structure.children ?? [])
    if (node.type === 'page' && node.page !== undefined) originalPages.set(node.page, node);
  const missing = [...askedSet].filter((page) => !originalPages.has(page));
  if (missing.length > 0)
    throw cannotMerge(`Page ${missing.join(', ')} is not in the original result, so it cannot be re-run into it.`, 'Nothing was sent.');
  const rerunPages = new Map<number, StructureNode>();
  for (const node of rerun.structure.children ?? []) {
    if (node.type !== 'page' || node.page === undefined) continue;
    if (rerunPages.has(node.page)) throw cannotMerge(`The re-run answered page ${node.page} twice.`, 'Nothing was stored; run it again.');
    rerunPages.set(node.page, node);
  }
  const answered = [...rerunPages.keys()].sort((a, b) => a - b);
  const wanted = [...askedSet].sort((a, b) => a - b);
  if (answered.join(',') !== wanted.join(',')) {
    throw cannotMerge(
      `The re-run was asked for page${wanted.length === 1 ? '' : 's'} ${wanted.join(', ')} but answered page${answered.length === 1 ? '' : 's'} ${answered.join(', ') || 'none'}.`,
      'Nothing was stored: the answer cannot be placed in the original result. The original result is unchanged.',
    );
  }

  // Offsets are code points; the strings are sliced in UTF-16 through an index of their astral characters.
  const originalText = { text: original.markdown, index: new CodePointIndex(original.markdown) };
  const rerunText = { text: rerun.markdown, index: new CodePointIndex(rerun.markdown) };
  const out: string[] = [];
  let outLength = 0;
  const copy = ({ text, index }: { text: string; index: CodePointIndex }, from: number, to: number) => {
    const start = Math.max(0, Math.min(from, index.codePointLength));
    const end = Math.max(start, Math.min(to, index.codePointLength));
    if (end === start) return;
    out.push(text.slice(index.toUtf16(start), index.toUtf16(end)));
    outLength += end - start;
  };
  let cursor = 0;
  const children: StructureNode[] = [];
  const sources = new Map<StructureNode, 'original' | 'rerun'>();

  for (const child of original.structure.children ?? []) {
    const replacement = child.type === 'page' && child.page !== undefined && askedSet.has(child.page) ? rerunPages.get(child.page)! : null;
    const range = child.grounding?.range;
    if (!replacement) {
      const node = clone(child);
      if (range) {
        checkWithin(node, range, 'original');
        copy(originalText, cursor, range.start);
        shiftTree(node, outLength - range.start);
        copy(originalText, range.start, range.end);
        cursor = range.end;
      }
      children.push(node);
      mark(node, 'original');
      continue;
    }
    const node = clone(replacement);
    const from = node.grounding?.range;
    if (range) {
      copy(originalText, cursor, range.start);
      cursor = range.end;
    } else if (from && outLength + cursor > 0) {
      // A failed page sent without a range has no place in the Markdown: its text goes after what came before it.
      out.push('\n\n');
      outLength += 2;
    }
    if (from) {
      checkWithin(node, from, 're-run');
      shiftTree(node, outLength - from.start);
      copy(rerunText, from.start, from.end);
    }
    children.push(node);
    mark(node, 'rerun');
  }
  copy(originalText, cursor, originalText.index.codePointLength);
  const markdown = out.join('');

  function mark(node: StructureNode, from: 'original' | 'rerun'): void {
    walk(node, (n) => sources.set(n, from));
  }

  const structure: StructureNode = { ...clone({ ...original.structure, children: [] }), children };
  if (structure.grounding) structure.grounding = { ...structure.grounding, range: { start: 0, end: outLength } };
  if (Array.isArray(structure.span)) structure.span = [0, outLength];
  if (typeof structure.markdown === 'string') structure.markdown = markdown;

  const origin = new Map<string, { from: 'original' | 'rerun'; id: string }>();
  const counters = new Map<string, number>();
  walk(structure, (node) => {
    if (node.id === undefined) return;
    const n = counters.get(node.type) ?? 0;
    counters.set(node.type, n + 1);
    const id = `${node.type}-${n}`;
    origin.set(id, { from: sources.get(node) ?? 'original', id: node.id });
    node.id = id;
  });

  const pageNodes = children.filter((node) => node.type === 'page');
  const stillFailed = pageNodes
    .filter((node) =>
      node.page !== undefined && askedSet.has(node.page)
        ? node.status === 'failed' || (rerun.metadata.failed_pages ?? []).includes(node.page)
        : node.status === 'failed' || (original.metadata.failed_pages ?? []).includes(node.page!),
    )
    .map((node) => node.page!)
    .sort((a, b) => a - b);
  const credits = (original.metadata.billing?.total_credits ?? 0) + (rerun.metadata.billing?.total_credits ?? 0);
  const metadata = {
    ...clone(original.metadata),
    page_count: pageNodes.length,
    failed_pages: stillFailed,
    ...(original.metadata.output_markdown_chars !== undefined ? { output_markdown_chars: outLength } : {}),
    ...(original.metadata.billing ? { billing: { ...original.metadata.billing, total_credits: credits } } : {}),
  };
  return { response: { ...original, markdown, metadata, structure }, rerunPages: wanted, stillFailed, origin };
}

/** Answers are JSON as received, so a JSON copy is exact. */
function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function walk(node: StructureNode, visit: (node: StructureNode) => void): void {
  visit(node);
  for (const child of node.children ?? []) walk(child, visit);
}

/** Moves every range under `node` (its own included) by `delta` code points. */
function shiftTree(node: StructureNode, delta: number): void {
  if (delta === 0) return;
  walk(node, (n) => {
    for (const grounding of [n.grounding, ...(n.atomic_grounding ?? [])]) {
      if (grounding) grounding.range = { ...grounding.range, start: grounding.range.start + delta, end: grounding.range.end + delta };
    }
    if (Array.isArray(n.span) && n.span.length === 2 && n.span.every((x) => typeof x === 'number'))
      n.span = [(n.span[0] as number) + delta, (n.span[1] as number) + delta];
  });
}

/** A page's text moves as one piece: every range under it must lie inside its own range, or it could not be moved exactly. */
function checkWithin(page: StructureNode, range: { start: number; end: number }, name: string): void {
  walk(page, (n) => {
    for (const grounding of [n.grounding, ...(n.atomic_grounding ?? [])]) {
      if (grounding && (grounding.range.start < range.start || grounding.range.end > range.end)) {
        throw cannotMerge(
          `In the ${name} answer, ${n.id ?? n.type} on page ${page.page ?? '?'} points outside its page's text, so the pages cannot be merged exactly.`,
          'Nothing was stored. The original result is unchanged.',
        );
      }
    }
  });
}
