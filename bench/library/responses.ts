/**
 * What the generated workspace's results say: real structure, so the app does with them what
 * it does with a reviewer's (builds their models, indexes them for search). Each parse and
 * analyzer result holds eight blocks of text on one page, each extraction four values with
 * their ranges; every document's text is its own (a reference, and words drawn by its number).
 */
const VOCABULARY = (
  'invoice total amount due date payment terms vendor customer account order quantity price tax discount shipping ' +
  'warehouse north south east west office report quarter revenue costs margin growth delivery staff training ' +
  'contract lease tenant landlord deposit notice clause signature witness schedule annex policy coverage premium ' +
  'claim insured statement balance transfer reference bank branch résumé experience education skills Übersicht'
).split(' ');

/** A deterministic sentence of `length` words for document i, block b, plus the document's own reference. */
function sentence(i: number, b: number, length = 14): string {
  const words: string[] = [];
  let seed = (i * 7919 + b * 104729) >>> 0;
  for (let w = 0; w < length; w++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    words.push(VOCABULARY[seed % VOCABULARY.length]!);
  }
  return `${words.join(' ')} ref${String(i).padStart(5, '0')}.`;
}

const BLOCKS = 8;
const box = (b: number) => ({ xmin: 0.1, ymin: 0.05 + b * 0.11, xmax: 0.9, ymax: 0.14 + b * 0.11 });

function blocks(i: number): string[] {
  return Array.from({ length: BLOCKS }, (_, b) => sentence(i, b));
}

export function parseResponse(i: number) {
  const texts = blocks(i);
  let markdown = '';
  const children = texts.map((text, b) => {
    if (b > 0) markdown += '\n\n';
    const start = Array.from(markdown).length;
    markdown += text;
    return { id: `text-${b}`, type: 'text', grounding: { page: 1, range: { start, end: Array.from(markdown).length }, box: box(b) } };
  });
  return {
    markdown,
    metadata: { page_count: 1, version: 'dpt-2-20251103', range_units: 'unicode_codepoints', billing: { total_credits: 1 } },
    structure: {
      type: 'document',
      children: [
        { type: 'page', page: 1, status: 'ok', grounding: { page: 1, range: { start: 0, end: Array.from(markdown).length } }, children },
      ],
    },
  };
}

export function extractResponse(i: number) {
  const markdown = parseResponse(i).markdown;
  const values = { reference: `ref${String(i).padStart(5, '0')}`, total: `${(i * 13.7).toFixed(2)} GBP`, vendor: sentence(i, 1, 3) };
  const rangeOf = (value: string) => {
    const at = markdown.indexOf(value);
    return at < 0
      ? []
      : [{ start: Array.from(markdown.slice(0, at)).length, end: Array.from(markdown.slice(0, at)).length + Array.from(value).length }];
  };
  return {
    extraction: { ...values, notes: sentence(i, 9, 6) },
    extraction_metadata: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { ranges: rangeOf(v) }])),
    metadata: { version: 'extract-20251024', range_units: 'unicode_codepoints' },
  };
}

export function analyzerResponse(i: number) {
  const texts = blocks(i);
  return {
    data: {
      markdown: texts.join('\n\n'),
      chunks: texts.map((text, b) => ({
        text,
        chunk_type: 'text',
        chunk_id: `chunk-${b}`,
        grounding: [{ page: 0, box: { l: 0.1, t: 0.05 + b * 0.11, r: 0.9, b: 0.14 + b * 0.11 } }],
      })),
      extracted_schema: { total: `${(i * 13.7).toFixed(2)} GBP` },
      extraction_metadata: {},
    },
  };
}
