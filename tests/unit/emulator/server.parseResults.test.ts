import { describe, expect, it } from 'vitest';
import type { V2Grounding, V2ParseElement, V2ParsePage, V2ParseResponse } from 'landingai-ade/resources/v2/types';
import { armFault, KEYS, PNG, useEmulator } from '../../support/emulatorHarness.js';
import { LAYOUT, layoutPdf } from './layoutPdf.js';

// What the emulator sends on the wire, read with plain fetch (not the app's client) and typed
// with the official package's types: the shapes the real service sends where the contract
// does not show them.

const holder = useEmulator();

async function parse(
  bytes: Uint8Array,
  filename: string,
  fields: Record<string, string> = {},
): Promise<{ status: number; body: V2ParseResponse }> {
  const form = new FormData();
  form.append('document', new Blob([bytes.slice()]), filename);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${holder.emulator.url}/v2/parse`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${KEYS.v2}` },
  });
  return { status: response.status, body: (await response.json()) as V2ParseResponse };
}

const pagesOf = (body: V2ParseResponse): V2ParsePage[] => body.structure?.children ?? [];
const elements = (body: V2ParseResponse): V2ParseElement[] =>
  pagesOf(body).flatMap((page) => (page.children ?? []).flatMap((e) => [e, ...(e.children ?? [])]));
const slice = (body: V2ParseResponse, g: V2Grounding) =>
  Array.from(body.markdown ?? '')
    .slice(g.range.start, g.range.end)
    .join('');
const near = (fraction: number, points: number, of: number) => expect(Math.abs(fraction - points / of)).toBeLessThan(0.02);

describe('parse results read from the PDF itself, with the element types the service sends', () => {
  it('lays a page out into a heading, text, an HTML table with cells, a figure, a logo and marginalia, with boxes where they were drawn', async () => {
    const { status, body } = await parse(await layoutPdf(), 'layout.pdf');
    expect(status).toBe(200);
    const page1 = pagesOf(body)[0]!.children!;
    expect(page1.map((e) => e.type)).toEqual(['logo', 'text', 'text', 'table', 'figure', 'marginalia']);
    expect(page1.map((e) => e.id)).toEqual(['logo-0', 'text-0', 'text-1', 'table-0', 'figure-0', 'marginalia-0']);

    const [logo, heading, paragraph, table, figure, footer] = page1 as [
      V2ParseElement,
      V2ParseElement,
      V2ParseElement,
      V2ParseElement,
      V2ParseElement,
      V2ParseElement,
    ];
    expect(slice(body, heading.grounding!)).toBe(`## ${LAYOUT.heading.text}`);
    near(heading.grounding!.box.xmin, LAYOUT.heading.x, LAYOUT.width);
    near(heading.grounding!.box.ymin, LAYOUT.heading.top, LAYOUT.height);
    expect(slice(body, paragraph.grounding!)).toBe(LAYOUT.paragraph.lines.join('\n'));
    near(paragraph.grounding!.box.ymax, LAYOUT.paragraph.top + 2 * LAYOUT.paragraph.size * 1.4 + LAYOUT.paragraph.size, LAYOUT.height);

    expect(slice(body, table.grounding!)).toMatch(/^<table><tr><td>Item<\/td><td>Qty<\/td><td>Amount<\/td><\/tr>.*<\/table>$/);
    const cells = table.children!;
    expect(cells.map((c) => [c.type, c.row, c.col, slice(body, c.grounding!)])).toEqual(
      LAYOUT.table.rows.flatMap((row, r) => row.map((text, c) => ['table_cell', r, c, text])),
    );
    expect(cells.map((c) => c.id)).toEqual(cells.map((_, i) => `table_cell-${i}`));
    near(cells[5]!.grounding!.box.xmin, LAYOUT.table.x[2], LAYOUT.width);

    expect(slice(body, figure.grounding!)).toMatch(/^<figure>.*<\/figure>$/);
    near(figure.grounding!.box.xmin, LAYOUT.figure.x, LAYOUT.width);
    near(figure.grounding!.box.ymax, LAYOUT.figure.top + LAYOUT.figure.height, LAYOUT.height);
    near(logo.grounding!.box.xmin, LAYOUT.logo.x, LAYOUT.width);
    expect(slice(body, footer.grounding!)).toBe(LAYOUT.footer.text);
  });

  it('gives a page without text made-up text, and an image a logo, a table and a figure', async () => {
    const { body } = await parse(await layoutPdf(), 'layout.pdf');
    const page2 = pagesOf(body)[1]!;
    expect(slice(body, page2.grounding!)).toMatch(/^## Page 2 · layout\.pdf/);
    expect(page2.children!.map((e) => e.type)).toEqual(['text', 'text', 'marginalia']);

    const image = await parse(PNG, 'scan.png');
    expect(pagesOf(image.body)[0]!.children!.map((e) => e.type)).toEqual(['text', 'logo', 'text', 'table', 'figure', 'marginalia']);
  });

  it('numbers ids per type in reading order across pages', async () => {
    const { body } = await parse(await layoutPdf(), 'layout.pdf');
    const seen = new Map<string, number>();
    for (const element of elements(body)) {
      const n = seen.get(element.type) ?? 0;
      expect(element.id).toBe(`${element.type}-${n}`);
      seen.set(element.type, n + 1);
    }
    expect(seen.get('text')).toBeGreaterThanOrEqual(4);
  });

  it('sends a span beside each range, and the model as model_version too', async () => {
    const { body } = await parse(await layoutPdf(), 'layout.pdf');
    for (const node of [...pagesOf(body), ...elements(body)])
      expect(node.span).toEqual([node.grounding!.range.start, node.grounding!.range.end]);
    expect(body.metadata).toMatchObject({ model_version: 'dpt-3-pro-20251103', version: 'dpt-3-pro-20251103' });
  });
});

describe('atomic grounding at the model granularity', () => {
  it('dpt-3-pro: one unscored entry per line; none on a table, whose cells carry theirs', async () => {
    const { body } = await parse(await layoutPdf(), 'layout.pdf', { model: 'dpt-3-pro' });
    const paragraph = elements(body).find((e) => e.id === 'text-1')!;
    expect(paragraph.atomic_grounding!.map((g) => slice(body, g))).toEqual(LAYOUT.paragraph.lines);
    const table = elements(body).find((e) => e.type === 'table')!;
    expect(table.atomic_grounding).toBeUndefined();
    for (const cell of table.children!) expect(cell.atomic_grounding!.map((g) => slice(body, g))).toEqual([slice(body, cell.grounding!)]);
    for (const element of elements(body)) for (const g of element.atomic_grounding ?? []) expect(g).not.toHaveProperty('confidence');
  });

  it('dpt-3-verity: one entry per word, each with a repeatable confidence in 0–1, some clearly low; node grounding never scored', async () => {
    const bytes = await layoutPdf();
    const { body } = await parse(bytes, 'layout.pdf', { model: 'dpt-3-verity-20251103' });
    const paragraph = elements(body).find((e) => e.id === 'text-1')!;
    expect(paragraph.atomic_grounding!.map((g) => slice(body, g))).toEqual(LAYOUT.paragraph.lines.join(' ').split(' '));
    const words = elements(body)
      .filter((e) => e.type !== 'figure' && e.type !== 'logo')
      .flatMap((e) => e.atomic_grounding ?? []);
    expect(words.length).toBeGreaterThan(20);
    for (const word of words) {
      expect(slice(body, word)).toMatch(/^\S+$/);
      expect(word.confidence).toBeGreaterThanOrEqual(0);
      expect(word.confidence).toBeLessThanOrEqual(1);
    }
    expect(words.filter((w) => w.confidence! < 0.6).length).toBeGreaterThan(0);
    expect(words.filter((w) => w.confidence! >= 0.8).length).toBeGreaterThan(words.length / 2);
    // Words sit inside their line, left to right.
    const [first, second] = paragraph.atomic_grounding!;
    expect(first!.box.xmax).toBeLessThanOrEqual(second!.box.xmin + 1e-5);
    expect(first!.box.xmin).toBe(paragraph.grounding!.box.xmin);
    // A table's words are on its cells.
    const cell = elements(body).find((e) => e.type === 'table_cell')!;
    expect(cell.atomic_grounding![0]!.confidence).toBeTypeOf('number');
    // Text the model wrote (a figure's caption) is not scored.
    for (const g of elements(body).find((e) => e.type === 'figure')!.atomic_grounding!) expect(g).not.toHaveProperty('confidence');
    for (const node of [...pagesOf(body), ...elements(body)]) expect(node.grounding).not.toHaveProperty('confidence');

    const again = await parse(bytes, 'layout.pdf', { model: 'dpt-3-verity' });
    expect(elements(again.body).flatMap((e) => e.atomic_grounding ?? [])).toEqual(elements(body).flatMap((e) => e.atomic_grounding ?? []));
  });

  it('no atomic grounding anywhere when the option is false, whatever the model', async () => {
    const { body } = await parse(await layoutPdf(), 'layout.pdf', {
      model: 'dpt-3-verity',
      options: JSON.stringify({ atomic_grounding: false }),
    });
    for (const element of elements(body)) expect(element).not.toHaveProperty('atomic_grounding');
  });
});

describe('failed pages', () => {
  it('answer 206 with the page failed, a reason, and no elements', async () => {
    await armFault(holder.emulator, { fault: { kind: 'failPages', pages: [1] } });
    const { status, body } = await parse(await layoutPdf(), 'layout.pdf');
    expect(status).toBe(206);
    const [page1, page2] = pagesOf(body);
    expect(page1).toMatchObject({ status: 'failed', children: [] });
    expect(page1!.reason).toMatch(/\w{5}/);
    expect(page2).toMatchObject({ status: 'ok', reason: '' });
    expect(body.metadata.failed_pages).toEqual([1]);
    expect(slice(body, page2!.grounding!)).toMatch(/^## Page 2/);
  });
});
