import { countPdfPagesInWorker } from './localEngine.js';

/**
 * Counts a PDF's pages locally, for the checks that depend on it (the analyzer's 50-page
 * limit, the output_save_url window). The page tree root's `/Count` is read straight from
 * the bytes when the file keeps its objects uncompressed; files with object streams hide
 * it, and pdf.js (in the engine worker) reads those. Null when neither can tell.
 */
export async function countPdfPages(bytes: Uint8Array): Promise<number | null> {
  return countFromPageTree(bytes) ?? (await countWithPdfJs(bytes));
}

/** The largest `/Count` of a `/Type /Pages` dictionary is the root's: the whole document. */
export function countFromPageTree(bytes: Uint8Array): number | null {
  const text = new TextDecoder('latin1').decode(bytes);
  let best: number | null = null;
  for (const match of text.matchAll(/<<(?:(?!<<|>>)[\s\S])*\/Type\s*\/Pages\b(?:(?!<<|>>)[\s\S])*>>/g)) {
    const count = /\/Count\s+(\d+)/.exec(match[0]);
    if (count) best = Math.max(best ?? 0, Number(count[1]));
  }
  return best;
}

async function countWithPdfJs(bytes: Uint8Array): Promise<number | null> {
  try {
    return await countPdfPagesInWorker(bytes, 'document.pdf');
  } catch {
    return null;
  }
}
