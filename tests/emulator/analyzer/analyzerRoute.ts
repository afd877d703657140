import type { StructureNode } from '../../../shared/contracts/v2Parse.js';
import type { EmulatorContext, RequestInfo } from '../context.js';
import { findFault } from '../faults.js';
import { formFile, formString, HttpAnswer, v1Validation, type FormFile } from '../httpKit.js';
import { codePointSlice } from '../parseResult/codePoints.js';
import { declaresEncryption } from '../encryptedPdf.js';
import { documentPageCount } from '../parseResult/deterministicBuilder.js';
import { documentKind } from '../rules/documentKind.js';
import { ANALYZER } from '../rules/limits.js';
import { runExtraction } from '../v2/extractEngine.js';
import { pageRotations } from './pageRotation.js';

const FIELDS = ['pdf', 'image', 'include_marginalia', 'include_metadata_in_markdown', 'fields_schema', 'enable_rotation_detection'];

/**
 * The older one-call tool (analyzer.response.open-shape). Its error format is not shown (analyzer.errors.shape); the
 * emulator answers validation failures FastAPI-style, `{detail: [{loc, msg, type}]}`,
 * like the other /v1 routes. Pages are 0-based here, in the query and in `errors[]`.
 */
export async function analyze(ctx: EmulatorContext, info: RequestInfo): Promise<HttpAnswer> {
  const invalid = (loc: (string | number)[], msg: string, type = 'value_error') => v1Validation([{ loc, msg, type }]);
  const form = info.form;
  if (!form) throw invalid(['body'], 'Either pdf or image must be given (multipart/form-data).', 'missing');
  for (const name of new Set(form.keys()))
    if (!FIELDS.includes(name)) throw invalid(['body', name], `Unknown field "${name}".`, 'extra_forbidden');

  const pdf = await formFile(form, 'pdf');
  const image = await formFile(form, 'image');
  if (!pdf && !image) throw invalid(['body', 'pdf'], 'Either pdf or image must be given.', 'missing');
  if (pdf && image) throw invalid(['body', 'image'], 'Give either pdf or image, not both.');
  const file = (pdf ?? image) as FormFile;
  const field = pdf ? 'pdf' : 'image';
  const kind = documentKind(file.bytes);
  if (pdf && kind !== 'pdf') throw invalid(['body', 'pdf'], 'The pdf field must hold a PDF file.');
  if (image && kind !== 'image') throw invalid(['body', 'image'], 'The image field must hold a valid image file.');
  if (kind === 'pdf' && (await declaresEncryption(file.bytes))) throw invalid(['body', 'pdf'], 'Encrypted PDFs are not supported.');
  if (image && file.bytes.byteLength > ANALYZER.maxImageBytes) throw invalid(['body', 'image'], 'The image is larger than 50 MB.');

  let pageCount: number;
  try {
    pageCount = await documentPageCount(file.bytes);
  } catch {
    throw invalid(['body', field], 'The PDF could not be read.');
  }
  if (pageCount > ANALYZER.maxPdfPages)
    throw invalid(['body', 'pdf'], `The PDF has ${pageCount} pages; at most ${ANALYZER.maxPdfPages} are accepted.`);

  const flags: Record<string, boolean | undefined> = {};
  for (const name of ['include_marginalia', 'include_metadata_in_markdown', 'enable_rotation_detection']) {
    const raw = formString(form, name);
    if (raw === undefined || raw === '') continue;
    if (!/^(true|false)$/i.test(raw)) throw invalid(['body', name], 'Input should be a valid boolean.', 'bool_parsing');
    flags[name] = raw.toLowerCase() === 'true';
  }
  let fieldsSchema: Record<string, unknown> | undefined;
  const schemaText = formString(form, 'fields_schema');
  if (schemaText !== undefined && schemaText !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(schemaText);
    } catch {
      throw invalid(['body', 'fields_schema'], 'fields_schema is not valid JSON.');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw invalid(['body', 'fields_schema'], 'fields_schema must be a JSON object.');
    fieldsSchema = parsed as Record<string, unknown>;
  }

  const pagesParam = info.query.get('pages');
  let pages: number[] | undefined;
  if (pagesParam !== null && pagesParam !== '') {
    const parts = pagesParam.split(',').map((p) => p.trim());
    if (parts.some((p) => !/^\d+$/.test(p)))
      throw invalid(['query', 'pages'], 'pages must be comma-separated page numbers starting from 0.');
    pages = parts.map(Number);
    const missing = pages.find((p) => p >= pageCount);
    if (missing !== undefined)
      throw invalid(['query', 'pages'], `Page ${missing} does not exist; the document has ${pageCount} page(s), numbered from 0.`);
  }

  const built = await ctx.builder(file.bytes, file.filename, pages ? { pages: pages.map((p) => p + 1) } : {});
  const failed = new Set((findFault(info.faults, 'failPages')?.pages ?? []).map((p) => p - 1));
  const includeMarginalia = flags.include_marginalia ?? true;
  const includeMetadata = flags.include_metadata_in_markdown ?? true;
  // Rotation is reported only when detection was asked for; otherwise every chunk says 0.
  const rotations = flags.enable_rotation_detection ? await pageRotations(file.bytes, kind!) : [];

  const chunks: Record<string, unknown>[] = [];
  const markdownParts: string[] = [];
  const errors: { page_num: number; error: string; error_code: number }[] = [];
  for (const pageNode of built.structure.children ?? []) {
    const pageNum = (pageNode.page ?? 1) - 1;
    if (failed.has(pageNum)) {
      errors.push({ page_num: pageNum, error: 'The page could not be analyzed (emulated failure).', error_code: 500 });
      continue;
    }
    for (const node of pageNode.children ?? []) {
      if (node.type === 'marginalia' && !includeMarginalia) continue;
      const chunk = toChunk(node, built.markdown, pageNum, rotations[pageNum] ?? 0);
      chunks.push(chunk);
      const b = (chunk.grounding as { box: Record<string, number> }[])[0]!.box;
      const comment = `<!-- ${node.type}, from page ${pageNum} (l=${b.l},t=${b.t},r=${b.r},b=${b.b}), with ID ${String(chunk.chunk_id)} -->`;
      markdownParts.push(includeMetadata ? `${chunk.text as string}\n\n${comment}` : (chunk.text as string));
    }
  }
  const markdown = markdownParts.join('\n\n');
  const data: Record<string, unknown> = { markdown, chunks };
  let extractionError: string | null = null;
  if (fieldsSchema) {
    const outcome = runExtraction(markdown, fieldsSchema, { strict: false, grounding: true });
    data.extracted_schema = outcome.extraction;
    data.extraction_metadata = outcome.extraction_metadata;
    extractionError = outcome.schema_violation_error;
  }
  return new HttpAnswer(200, {
    data,
    errors,
    extraction_error: extractionError,
    metadata: { filename: file.filename, page_count: pageCount, rotation_detection: flags.enable_rotation_detection ?? false },
  });
}

function toChunk(node: StructureNode, markdown: string, pageNum: number, rotation: number): Record<string, unknown> {
  const g = node.grounding!;
  return {
    text: codePointSlice(markdown, g.range.start, g.range.end),
    grounding: [{ box: { l: g.box.xmin, t: g.box.ymin, r: g.box.xmax, b: g.box.ymax }, page: pageNum }],
    chunk_type: node.type,
    chunk_id: `${node.id ?? node.type}-p${pageNum}`,
    rotation_angle: rotation,
  };
}
