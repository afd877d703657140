import { parseLocally } from '../../electron/engine/localEngine.js';
import { sniffDocument } from '../../electron/documents/sniff.js';
import type { ParseResponse, StructureNode } from '../../shared/contracts/v2Parse.js';
import { deterministicParseBuilder } from '../emulator/parseResult/deterministicBuilder.js';
import type { ParseResultBuilder } from '../emulator/parseResult/parseResultBuilder.js';

/**
 * For tests that want the emulator to answer with the app's own offline engine
 * (`startEmulator({ builder: engineParseBuilder })`); the emulator's default reads the text
 * itself, so that it does not share the app's mistakes.
 * Results built from the document's real text by the offline engine (in its worker, as the
 * app runs it: needs `npm run build:main`), so a parse against the emulator shows what is on the page (scanned pages read by
 * OCR). Images, and PDFs where the engine finds no text at all, fall back to the deterministic builder.
 */
export const engineParseBuilder: ParseResultBuilder = async (bytes, filename, options) => {
  if (sniffDocument(bytes)?.kind !== 'pdf') return deterministicParseBuilder(bytes, filename, options);
  const response: ParseResponse = await parseLocally(bytes, options, { filename });
  return hasElements(response.structure) ? response : deterministicParseBuilder(bytes, filename, options);
};

function hasElements(root: StructureNode): boolean {
  return (root.children ?? []).some((page) => (page.children ?? []).length > 0);
}
