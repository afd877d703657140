import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseResponseSchema, type StructureNode } from '../../../../shared/contracts/v2Parse.js';
import { parseDocument } from '../../../../electron/engine/parseDocument.js';

const sample = (name: string) => new Uint8Array(readFileSync(new URL(`../../../../resources/samples/${name}`, import.meta.url)));
const types = (page: StructureNode | undefined) => (page?.children ?? []).map((n) => n.type);

describe('the committed sample documents', () => {
  it('report.pdf: title, headings, lists, marginalia on every page, two columns and a rotated page with a table', async () => {
    const result = await parseDocument(sample('report.pdf'), {}, { filename: 'report.pdf' });
    expect(parseResponseSchema.safeParse(result).success).toBe(true);
    const pages = result.structure.children ?? [];
    expect(pages).toHaveLength(4);
    for (const page of pages) {
      expect(types(page).slice(0, 2)).toEqual(['marginalia', 'marginalia']);
      expect(types(page).at(-1)).toBe('marginalia');
    }
    expect(types(pages[0])).toContain('title');
    expect(types(pages[0]).filter((t) => t === 'list_item')).toHaveLength(3);
    // Two columns: the whole left column (North) comes before the right one (South).
    expect(result.markdown.indexOf('Next year the focus')).toBeLessThan(result.markdown.indexOf('## South'));
    expect(types(pages[2])).toContain('table');
    expect(result.markdown).toContain('<tr><td>Q4 2024</td><td>1,561</td><td>1,187</td><td>24.0%</td></tr>');
  });

  it('invoice.pdf: label lines and a four-column line-item table', async () => {
    const result = await parseDocument(sample('invoice.pdf'));
    const table = result.structure.children?.[0]?.children?.find((n) => n.type === 'table');
    expect(table?.children).toHaveLength(20);
    expect(result.markdown).toContain('\n\nInvoice number: INV-2024-0042\n\n');
  });
});
