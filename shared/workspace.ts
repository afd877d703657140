/** What the workspace holds, as both processes see it. */
export type DocumentMime = 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/bmp' | 'image/tiff';

export interface DocumentInfo {
  /** Content hash: the same file opened twice is one document. */
  id: string;
  name: string;
  mime: DocumentMime;
  size: number;
  addedAt: string;
}

export type EngineName = 'local' | 'parse' | 'analyzer';
export type ResultKind = 'parse' | 'extract' | 'analyzer';

export interface ResultInfo {
  id: string;
  documentId: string;
  kind: ResultKind;
  engine: EngineName | 'import';
  createdAt: string;
  /** Model snapshot or engine version the service reported. */
  modelVersion: string | null;
  pageCount: number | null;
  credits: number | null;
  /** True when the service reported a partial result (HTTP 206, failed pages, warnings). */
  partial: boolean;
  /** The parse result an extraction was run on. */
  sourceResultId?: string;
}

export interface StoredResult extends ResultInfo {
  /** The service's response, verbatim (unknown fields kept). */
  response: unknown;
}

export interface LibraryEntry {
  document: DocumentInfo;
  results: ResultInfo[];
}
