/**
 * A PDF whose one table runs over three pages, as a report prints it: a title, the header
 * row and the first rows on page 1; the header row repeated at the top of page 2; page 3
 * going straight on with rows (no header). A page number sits in the footer of each page.
 */
import { buildPdf, type TextSpec } from './pdfFixtures.js';

export const TABLE_HEADER = ['Item', 'Region', 'Amount'] as const;
/** The data rows in order; `page` is where each is printed. */
export const TABLE_ROWS: ReadonlyArray<{ cells: readonly [string, string, string]; page: number }> = [
  ...[1, 2, 3, 4].map((n) => ({ cells: [`Widget ${n}`, 'North', `${n * 100}`] as const, page: 1 })),
  ...[5, 6, 7].map((n) => ({ cells: [`Widget ${n}`, n === 6 ? '=SUM(A1:A9)' : 'South', `${n * 100}`] as const, page: 2 })),
  ...[8, 9].map((n) => ({ cells: [`Widget ${n}`, 'East, "far"', `${n * 100}`] as const, page: 3 })),
];

const sans = (text: string, x: number, y: number, size = 10): TextSpec => ({ text, x, y, size, font: 'sans' });
const COLUMNS = [60, 240, 420];
const row = (cells: readonly string[], y: number) => cells.map((text, c) => sans(text, COLUMNS[c]!, y));

export async function tableAcrossPagesPdf(): Promise<Uint8Array> {
  const pages = [1, 2, 3].map((page) => {
    const texts: TextSpec[] = [];
    let y = 120;
    if (page === 1) texts.push(sans('Quarterly shipments by region', 60, 90, 16));
    if (page === 1) y = 150;
    if (page !== 3) {
      texts.push(...row(TABLE_HEADER, y));
      y += 18;
    }
    for (const r of TABLE_ROWS.filter((r) => r.page === page)) {
      texts.push(...row(r.cells, y));
      y += 18;
    }
    texts.push(sans(String(page), 298, 780, 9));
    return { texts };
  });
  return buildPdf(pages);
}
