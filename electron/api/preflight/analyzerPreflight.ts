import { ANALYZER_LIMITS } from '../../../shared/contracts/analyzer.js';
import { checkDocumentFile, documentMime, uploadName, type DocumentFile } from './documentInput.js';
import { checkJsonSchemaObject } from './extractPreflight.js';
import { preflightError } from './preflightError.js';

export interface AnalyzerInput {
  document: DocumentFile;
  /** 0-based page numbers (the older tool counts from 0). */
  pages?: number[];
  include_marginalia?: boolean;
  include_metadata_in_markdown?: boolean;
  fields_schema?: Record<string, unknown> | string;
  enable_rotation_detection?: boolean;
}

export interface CheckedAnalyzer {
  field: 'pdf' | 'image';
  mime: string;
  /** Named by its content: a PNG called "scan.pdf" goes as "scan.png" in the image field. */
  filename: string;
  fieldsSchema: string | undefined;
}

/** The older tool's limits (analyzer.limits.pages, analyzer.limits.image-size): 50 PDF pages, 50 MB images, a JSON-object schema. */
export async function checkAnalyzerInput(input: AnalyzerInput): Promise<CheckedAnalyzer> {
  const { kind, pageCount } = await checkDocumentFile(input.document);
  const mb = (bytes: number) => `${Math.ceil(bytes / 100_000) / 10} MB`; // decimal, as the contract counts; up, so over 50 never reads "50"
  if (kind.kind === 'pdf' && pageCount !== null && pageCount > ANALYZER_LIMITS.maxPdfPages) {
    throw preflightError(
      'too_many_pages',
      'pdf',
      `"${input.document.filename}" has ${pageCount} pages; the older analyzer takes at most ${ANALYZER_LIMITS.maxPdfPages}.`,
      'Split the PDF, or use the v2 parser, which has no such limit.',
    );
  }
  if (kind.kind === 'image' && input.document.bytes.byteLength > ANALYZER_LIMITS.maxImageBytes) {
    throw preflightError(
      'file_too_large',
      'image',
      `"${input.document.filename}" is ${mb(input.document.bytes.byteLength)}; the older analyzer takes images up to 50 MB.`,
      'Downscale or recompress the image.',
    );
  }
  if (input.pages?.some((page) => !Number.isInteger(page) || page < 0)) {
    throw preflightError(
      'invalid_pages',
      'pages',
      'Analyzer pages count from 0 and must be whole numbers.',
      'Give 0-based page numbers, e.g. 0,1,2.',
    );
  }
  const fieldsSchema =
    input.fields_schema === undefined ? undefined : JSON.stringify(checkJsonSchemaObject(input.fields_schema, 'fields_schema'));
  return {
    field: kind.kind === 'pdf' ? 'pdf' : 'image',
    mime: documentMime(kind),
    filename: uploadName(input.document.filename, kind),
    fieldsSchema,
  };
}
