import { describe, expect, it } from 'vitest';
import { askTextAhead } from '../../../../electron/engine/pageText.js';
import type { PdfDocument } from '../../../../electron/engine/pdfjs.js';

/** A document whose page comes when the test says, recording whether its text was asked for. */
function slowDocument() {
  let give: () => void = () => undefined;
  const asked: string[] = [];
  const page = {
    streamTextContent: () => {
      asked.push('text');
      return new ReadableStream({ start: (c) => (c.enqueue({ items: [], styles: {} }), c.close()) });
    },
    cleanup: () => asked.push('cleanup'),
  };
  const pdf = { getPage: () => new Promise((resolve) => (give = () => resolve(page))) } as unknown as PdfDocument;
  return { pdf, asked, givePage: () => give() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('text asked ahead', () => {
  it('given up before its page came: its text is never asked of pdf.js, and the page is let go', async () => {
    const { pdf, asked, givePage } = slowDocument();
    const ahead = askTextAhead(pdf, 2);
    ahead.discard();
    givePage();
    await settle();
    await expect(ahead.content).rejects.toThrow();
    expect(asked).toEqual(['cleanup']);
  });

  it('kept: its text is asked as soon as its page comes', async () => {
    const { pdf, asked, givePage } = slowDocument();
    const ahead = askTextAhead(pdf, 2);
    givePage();
    await expect(ahead.content).resolves.toEqual({ items: [], styles: {} });
    expect(asked).toEqual(['text']);
  });
});
