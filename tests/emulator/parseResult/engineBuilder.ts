import { parseLocally } from '../../../electron/engine/localEngine.js';
import { sniffDocument } from '../../../electron/documents/sniff.js';
import type { ParseResponse, StructureNode } from '../../../shared/contracts/v2Parse.js';
import { deterministicParseBuilder } from './deterministicBuilder.js';
import type { ParseResultBuilder } from './parseResultBuilder.js';

/**
 * Results built from the document's real text by the offline engine (in its worker, as the
 * app runs it: needs `npm run build:main`), so a parse against the emulator shows what is on the page. Images, and PDFs without a text layer, fall
 * back to the deterministic builder (there is no OCR here).
 */
export const engineParseBuilder: ParseResultBuilder = async (bytes, filename, options) => {
  if (sniffDocument(bytes)?.kind !== 'pdf') return deterministicParseBuilder(bytes, filename, options);
  const response: ParseResponse = await parseLocally(bytes, options, { filename });
  return hasElements(response.structure) ? response : deterministicParseBuilder(bytes, filename, options);
};

function hasElements(root: StructureNode): boolean {
  return (root.children ?? []).some((page) => (page.children ?? []).length > 0);
}
