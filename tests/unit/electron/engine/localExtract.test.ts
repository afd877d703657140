import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractLocally, LOCAL_EXTRACT_MODEL } from '../../../../electron/engine/localExtract.js';
import { parseDocument } from '../../../../electron/engine/parseDocument.js';
import { sliceCodePoints } from '../../../support/pdfFixtures.js';

const invoiceSchema = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string' },
    invoiceDate: { type: 'string', description: 'Date' },
    total: { type: 'number', description: 'Total amount due' },
    purchase_order: { type: 'string' },
    tax_rate: { type: 'string', description: 'Tax (8%)' },
  },
};

let markdown: string;
beforeAll(async () => {
  const bytes = new Uint8Array(readFileSync(new URL('../../../../resources/samples/invoice.pdf', import.meta.url)));
  markdown = (await parseDocument(bytes, {}, { filename: 'invoice.pdf' })).markdown;
});

describe('extractLocally', () => {
  it('finds "Label: value" lines of the sample invoice, with exact code-point ranges', () => {
    const result = extractLocally(markdown, invoiceSchema);
    expect(result.extraction).toEqual({
      invoice_number: 'INV-2024-0042',
      invoiceDate: '2024-03-15',
      total: 1242,
      purchase_order: 'PO-88310',
      tax_rate: '$92.00',
    });
    const [range] = result.extraction_metadata.total?.ranges ?? [];
    expect(sliceCodePoints(markdown, range!.start, range!.end)).toBe('$1,242.00');
    const [number] = result.extraction_metadata.invoice_number?.ranges ?? [];
    expect(sliceCodePoints(markdown, number!.start, number!.end)).toBe('INV-2024-0042');
    expect(result.warnings).toEqual([]);
    expect(result.metadata).toMatchObject({
      model_version: LOCAL_EXTRACT_MODEL,
      range_units: 'unicode_codepoints',
      billing: { total_credits: 0 },
    });
    expect(result.metadata.input_markdown_chars).toBe(Array.from(markdown).length);
    expect(result.note).toMatch(/heuristic/i);
  });

  it('counts ranges in code points after astral characters, and reads table cells and "Label value" lines', () => {
    const md = '# 𝙰𝙱 Co\n\nReference 𝙲-77\n\n<table>\n<tr><td>Amount due</td><td>€ 12,50</td></tr>\n</table>\n\n**Customer**: Zoë';
    const result = extractLocally(md, {
      type: 'object',
      properties: { reference: { type: 'string' }, amount_due: { type: 'number' }, customer: { type: 'string' } },
    });
    expect(result.extraction).toEqual({ reference: '𝙲-77', amount_due: 12.5, customer: 'Zoë' });
    for (const [field, text] of [
      ['reference', '𝙲-77'],
      ['amount_due', '€ 12,50'],
      ['customer', 'Zoë'],
    ] as const) {
      const [range] = result.extraction_metadata[field]?.ranges ?? [];
      expect(sliceCodePoints(md, range!.start, range!.end)).toBe(text);
    }
    expect(result.extraction_metadata.reference?.ranges[0]?.start).toBe(Array.from('# 𝙰𝙱 Co\n\nReference ').length);
  });

  it('reports missing fields as null with a warning, and skips nested ones', () => {
    const result = extractLocally('Name: Ada', {
      type: 'object',
      properties: {
        name: { type: 'string' },
        iban: { type: 'string' },
        address: { type: 'object', properties: { city: { type: 'string' } } },
      },
    });
    expect(result.extraction).toEqual({ name: 'Ada', iban: null });
    expect(result.extraction_metadata.iban).toEqual({ ranges: [] });
    expect(result.warnings).toEqual([
      'Field "address" was skipped: the local extractor reads only string, number and boolean fields.',
      'Field "iban" was not found.',
    ]);
  });

  it('refuses schemas it cannot use with a clear error', () => {
    expect(() => extractLocally('x', { type: 'array' })).toThrow(expect.objectContaining({ code: 'unsupported_schema' }));
    expect(() => extractLocally('x', { type: 'object', properties: { list: { type: 'array' } } })).toThrow(/no string, number or boolean/);
  });
});
