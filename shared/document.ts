// A document in the workspace, as both processes see it: its kind, size and pages, and what was wrong with its file.

export const DOCUMENT_MIMES = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/tiff'] as const;

export type DocumentMime = (typeof DOCUMENT_MIMES)[number];

export interface DocumentInfo {
  /** Content hash: the same file opened twice is one document. */
  id: string;
  name: string;
  mime: DocumentMime;
  size: number;
  addedAt: string;
  /**
   * Pages (1 for an image), counted once at import and stored with the document. Null only
   * for a document stored by an older version whose pages could not be counted since.
   */
  pageCount: number | null;
  /** An encrypted PDF, stored as it came (a service gets a copy decrypted in memory). Absent when not. */
  encrypted?: boolean;
  /** It opens only with its password, asked for once per session and never stored. Absent when not. */
  needsPassword?: boolean;
  /** The web address it was added from: a cloud parse may send this (`document_url`) instead of the bytes. Absent for files opened from disk. */
  sourceUrl?: string;
  /** Damage the file was opened despite (absent when there is none, or for documents stored before warnings were kept). */
  warnings?: DocumentWarning[];
}

export const DOCUMENT_WARNING_CODES = ['truncated_pdf', 'junk_before_header', 'no_pdf_header', 'tiff_pages'] as const;

export type DocumentWarningCode = (typeof DOCUMENT_WARNING_CODES)[number];

/** Something about a document's file that a reviewer should know while reading it: it opened, but not cleanly. */
export interface DocumentWarning {
  code: DocumentWarningCode;
  message: string;
}
