/**
 * Reads a media list (CSV or JSON) into rows of media id, file name and an optional local
 * image path. Bad rows are skipped and reported with where they were, never silently.
 *
 * CSV: RFC 4180 fields (quotes, doubled quotes, commas and line breaks inside quotes), an
 * optional BOM, CRLF or LF. A header row names the columns (`mediaId`/`media_id`/`id`,
 * `fileName`/`file_name`/`filename`/`name`, `imagePath`/`image_path`/`path`/`localPath`);
 * without one the columns are id, file name, path in that order.
 * JSON: an array (or `{media: [...]}`) of objects with the same names, or of bare ids.
 */
export interface MediaListRow {
  mediaId: number;
  fileName?: string;
  imagePath?: string;
}

export interface ParsedMediaList {
  rows: MediaListRow[];
  problems: { line?: number; item?: number; message: string }[];
}

const ID_NAMES = ['mediaid', 'media_id', 'id', 'media id'];
const FILE_NAMES = ['filename', 'file_name', 'file name', 'name', 'file'];
const PATH_NAMES = ['imagepath', 'image_path', 'image path', 'path', 'localpath', 'local_path', 'thumbnail'];

export function parseMediaList(fileName: string, text: string): ParsedMediaList {
  const clean = text.replace(/^\uFEFF/, '');
  const trimmed = clean.trimStart();
  const looksJson = /\.json$/i.test(fileName) || trimmed.startsWith('[') || trimmed.startsWith('{');
  return looksJson ? parseJsonList(clean) : parseCsvList(clean);
}

/** Splits CSV text into records, each with the 1-based line it starts on. */
export function csvRecords(text: string): { line: number; fields: string[] }[] | { error: string; line: number } {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let fieldStarted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (c === ',') {
      fields.push(field);
      field = '';
      fieldStarted = false;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      records.push({ line: recordLine, fields });
      fields = [];
      field = '';
      fieldStarted = false;
      line++;
      recordLine = line;
    } else {
      field += c;
      fieldStarted = true;
    }
  }
  if (quoted) return { error: 'A quoted field is never closed.', line: recordLine };
  if (fieldStarted || fields.length > 0) {
    fields.push(field);
    records.push({ line: recordLine, fields });
  }
  return records.filter((r) => !(r.fields.length === 1 && r.fields[0]!.trim() === ''));
}

function parseCsvList(text: string): ParsedMediaList {
  const records = csvRecords(text);
  if (!Array.isArray(records)) return { rows: [], problems: [{ line: records.line, message: records.error }] };
  const problems: ParsedMediaList['problems'] = [];
  const rows: MediaListRow[] = [];
  if (records.length === 0) return { rows, problems: [{ message: 'The file has no rows.' }] };
  let columns = { id: 0, file: 1, path: 2 };
  const first = records[0]!;
  const header = first.fields.map((f) => f.trim().toLowerCase());
  const isHeader = !/^\s*\d+\s*$/.test(first.fields[0] ?? '');
  let body = records;
  if (isHeader) {
    const find = (names: string[]) => header.findIndex((h) => names.includes(h));
    const id = find(ID_NAMES);
    if (id < 0)
      return {
        rows,
        problems: [{ line: first.line, message: `No media id column in the header (expected one of: mediaId, media_id, id).` }],
      };
    columns = { id, file: find(FILE_NAMES), path: find(PATH_NAMES) };
    body = records.slice(1);
  }
  const seen = new Set<number>();
  for (const record of body) {
    const raw = record.fields[columns.id]?.trim() ?? '';
    const result = toRow(
      raw,
      columns.file >= 0 ? record.fields[columns.file] : undefined,
      columns.path >= 0 ? record.fields[columns.path] : undefined,
    );
    if (typeof result === 'string') problems.push({ line: record.line, message: result });
    else if (seen.has(result.mediaId))
      problems.push({ line: record.line, message: `Media ${result.mediaId} is listed twice; the first row is kept.` });
    else {
      seen.add(result.mediaId);
      rows.push(result);
    }
  }
  return { rows, problems };
}

function parseJsonList(text: string): ParsedMediaList {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { rows: [], problems: [{ message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` }] };
  }
  const list = Array.isArray(value)
    ? value
    : typeof value === 'object' && value !== null && Array.isArray((value as { media?: unknown }).media)
      ? (value as { media: unknown[] }).media
      : null;
  if (!list) return { rows: [], problems: [{ message: 'Expected an array of media (or {"media": [...]}).' }] };
  const rows: MediaListRow[] = [];
  const problems: ParsedMediaList['problems'] = [];
  const seen = new Set<number>();
  list.forEach((entry, index) => {
    const item = index + 1;
    let result: MediaListRow | string;
    if (typeof entry === 'number' || typeof entry === 'string') result = toRow(String(entry), undefined, undefined);
    else if (typeof entry === 'object' && entry !== null && !Array.isArray(entry)) {
      const lower = new Map(Object.entries(entry).map(([k, v]) => [k.toLowerCase(), v]));
      const pick = (names: string[]) => names.map((n) => lower.get(n)).find((v) => v !== undefined);
      const id = pick(ID_NAMES);
      const file = pick(FILE_NAMES);
      const path = pick(PATH_NAMES);
      result =
        id === undefined
          ? 'No media id (expected mediaId, media_id or id).'
          : (file !== undefined && typeof file !== 'string') || (path !== undefined && typeof path !== 'string')
            ? 'fileName and imagePath must be text.'
            : toRow(String(id), file as string | undefined, path as string | undefined);
    } else result = 'Each item must be an object or a media id.';
    if (typeof result === 'string') problems.push({ item, message: result });
    else if (seen.has(result.mediaId)) problems.push({ item, message: `Media ${result.mediaId} is listed twice; the first is kept.` });
    else {
      seen.add(result.mediaId);
      rows.push(result);
    }
  });
  return { rows, problems };
}

function toRow(rawId: string, fileName: string | undefined, imagePath: string | undefined): MediaListRow | string {
  const id = rawId.trim();
  if (id === '') return 'The media id is empty.';
  if (!/^\d+$/.test(id) || !Number.isSafeInteger(Number(id))) return `"${id.slice(0, 40)}" is not a media id (a whole number).`;
  const row: MediaListRow = { mediaId: Number(id) };
  if (fileName?.trim()) row.fileName = fileName.trim();
  if (imagePath?.trim()) {
    const path = imagePath.trim();
    if (!isAbsolutePath(path)) return `The image path "${path.slice(0, 80)}" is not absolute.`;
    row.imagePath = path;
  }
  return row;
}

export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
}

/** Media ids typed or pasted: any whole numbers separated by commas, spaces or line breaks. */
export function parseMediaIds(text: string): ParsedMediaList {
  const rows: MediaListRow[] = [];
  const problems: ParsedMediaList['problems'] = [];
  const seen = new Set<number>();
  text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .forEach((token, index) => {
      const row = toRow(token, undefined, undefined);
      if (typeof row === 'string') problems.push({ item: index + 1, message: row });
      else if (!seen.has(row.mediaId)) {
        seen.add(row.mediaId);
        rows.push(row);
      }
    });
  return { rows, problems };
}
