import { basename } from 'node:path';

/**
 * The name a snapshot archive is saved under. It comes from the service (the download
 * URL's last segment), so it is made safe for every desktop system: ASCII letters, digits,
 * `.`, `_` and `-` only (no separators, control or Windows-forbidden characters), no
 * leading dot (hidden files, `..`), no trailing dot, no Windows device name (CON, NUL,
 * COM1…), at most 120 characters. The content is a ZIP (checked while downloading), so the
 * extension is always `.zip`: whatever extension the service named replaces nothing but
 * itself (`Invoice.pdf.exe` is saved as `Invoice.pdf.zip`).
 */
export const MAX_ARCHIVE_NAME = 120;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

export function safeArchiveName(raw: string, fallback: string): string {
  const name = cleaned(raw);
  return name ?? cleaned(fallback) ?? 'snapshot.zip';
}

/** A safe `.zip` name from the download URL's last path segment, or the fallback. */
export function archiveName(downloadUrl: string, fallback: string): string {
  let segment: string;
  try {
    segment = decodeURIComponent(basename(new URL(downloadUrl).pathname));
  } catch {
    segment = '';
  }
  return safeArchiveName(segment, fallback);
}

function cleaned(raw: string): string | null {
  const name = raw.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '');
  const dot = name.lastIndexOf('.');
  let stem = dot > 0 ? name.slice(0, dot) : name;
  if (/^[._]*$/.test(stem)) return null; // nothing of a name is left
  if (WINDOWS_DEVICE.test(stem.split('.')[0]!)) stem = `_${stem}`;
  stem = stem.slice(0, MAX_ARCHIVE_NAME - '.zip'.length).replace(/\.+$/, '');
  return `${stem}.zip`;
}

/** A ZIP starts with a local file header (PK\x03\x04), or is an empty archive (PK\x05\x06). */
export function startsLikeZip(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));
}
