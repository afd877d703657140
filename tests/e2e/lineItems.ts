import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateLargeDocument, type LargeDocumentFiles } from '../../bench/largeDocument/generate.js';

/** A line item of three ungrounded fields (sku, qty, amount), numbered `k`. */
export const lineItem = (k: number) => ({ sku: `SKU-${k}`, qty: String(k % 7), amount: `${k}.00` });

/**
 * The generated 30-page document in a folder of its own, and a way to write extractions of
 * line items for it (each a file in that folder, the document's metadata on it): many fields
 * on a document that imports in seconds.
 */
export async function lineItemsDocument(): Promise<{ files: LargeDocumentFiles; write(name: string, items: object[]): Promise<string> }> {
  const dir = await mkdtemp(join(tmpdir(), 'groundwork-items-'));
  const files = await generateLargeDocument(30, dir);
  const { metadata } = JSON.parse(await readFile(files.extract, 'utf8')) as { metadata: Record<string, unknown> };
  return {
    files,
    async write(name, items) {
      const path = join(dir, name);
      await writeFile(path, JSON.stringify({ extraction: { line_items: items }, extraction_metadata: {}, metadata }));
      return path;
    },
  };
}
