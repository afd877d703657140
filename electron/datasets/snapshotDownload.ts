import { randomBytes } from 'node:crypto';
import { open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../shared/errors.js';
import type { AppEvent } from '../../shared/events.js';
import { hostOf, streamCapped } from '../api/cappedBody.js';
import { guardedFetch, MAX_REDIRECTS, type HostLookup, type Refusal } from '../api/guardedFetch.js';
import { formatBytes, networkLimits } from '../api/networkLimits.js';
import { safeArchiveName, startsLikeZip } from './archiveName.js';
import { checkFolder } from './downloadFolder.js';

export { archiveName } from './archiveName.js';

export const DOWNLOAD_TIMEOUTS = { headersMs: 60_000, idleMs: 60_000 };

async function freePath(folder: string, name: string): Promise<string> {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let i = 0; i < 1000; i++) {
    const candidate = join(folder, i === 0 ? name : `${stem} (${i})${ext}`);
    if (!(await stat(candidate).catch(() => null))) return candidate;
  }
  throw new AppError({ code: 'no_free_name', message: `Too many files named like ${name} in ${folder}.` });
}

export interface ArchiveDownload {
  url: string;
  /**
   * The v1 service's origin when it is on this computer (the emulator, `loopbackOrigin`): then
   * that origin alone may be plain http or loopback. Otherwise only public https is fetched.
   */
  localOrigin: string | null;
  /** Checked here again; where it may be (dialog or typed) is the caller's rule (see DownloadFolders). */
  folder: string;
  /** Made safe, and given the `.zip` extension, here. */
  fileName: string;
  taskId: string;
  emit(event: AppEvent): void;
  signal?: AbortSignal;
  /** Bytes written at most; default the `network.maxDownloadMb` setting. */
  maxBytes?: number;
  /** Default 60 s each. */
  headersTimeoutMs?: number;
  idleTimeoutMs?: number;
  /** Host name → addresses; tests replace DNS. */
  lookup?: HostLookup;
  /** Trusted roots in place of the system's (tests). */
  ca?: string;
}

/**
 * Streams the archive into a temp file (0600) in the destination folder, reporting progress,
 * and renames it into place only when complete and a ZIP: a failure, a cancel, a timeout, a
 * body that is not a ZIP or one over the cap never leaves anything behind. The link comes
 * from the service, so it is fetched as a job's output_url is (`guardedFetch`): public https
 * only, every address checked is the one connected to, redirects checked hop by hop, no key.
 */
export async function downloadArchive(options: ArchiveDownload): Promise<{ path: string; bytes: number }> {
  const folder = await checkFolder(options.folder);
  const fileName = safeArchiveName(options.fileName, 'snapshot.zip');
  const maxBytes = options.maxBytes ?? networkLimits().maxDownloadBytes;
  const idleMs = options.idleTimeoutMs ?? DOWNLOAD_TIMEOUTS.idleMs;
  const opened = await openLink(options);
  const { response } = opened;
  if (!response.ok || !response.body) {
    // What the server wrote is not shown: it is the service's text, not ours, and may be anything.
    opened.abort();
    throw new AppError({
      code: 'download_failed',
      status: response.status,
      message: `The download from ${hostOf(opened.url)} answered HTTP ${response.status}; nothing was kept.`,
      hint: 'The link may have expired: export the snapshot again.',
    });
  }
  const total = Number(response.headers.get('content-length') ?? 0) || 0;
  const temp = join(folder, `.${fileName}.${randomBytes(6).toString('hex')}.partial`);
  const handle = await open(temp, 'wx', 0o600);
  let done = 0;
  /** The first bytes, held back until there are enough to tell a ZIP. */
  let head: Uint8Array | null = new Uint8Array(0);
  const notZip = () =>
    new AppError({
      code: 'download_not_zip',
      message: `The download from ${new URL(opened.url).host} is not a ZIP archive; nothing was kept.`,
      hint: 'Export the snapshot again; if this repeats, the service is at fault.',
    });
  const write = async (chunk: Uint8Array) => {
    await handle.write(chunk);
    done += chunk.byteLength;
    options.emit({ type: 'progress', taskId: options.taskId, done, total: Math.max(total, done), message: 'Downloading…' });
  };
  try {
    options.emit({ type: 'progress', taskId: options.taskId, done, total, message: 'Downloading…' });
    await streamCapped(
      response,
      {
        url: opened.url,
        maxBytes,
        abort: opened.abort,
        idleMs,
        hint: `Nothing was kept. Archives above ${formatBytes(maxBytes)} are refused; to allow larger ones, raise "network": {"maxDownloadMb": …} in settings.json in the data folder and restart Groundwork.`,
      },
      async (chunk) => {
        if (head === null) return write(chunk);
        head = Buffer.concat([head, chunk]);
        if (head.byteLength < 4) return;
        if (!startsLikeZip(head)) throw notZip();
        const first = head;
        head = null;
        await write(first);
      },
    ).catch((error: unknown) => {
      // A connection that broke off (the guarded fetcher's connection_reset) is said as this download's interruption.
      if ((error instanceof AppError && error.code !== 'connection_reset') || options.signal?.aborted) throw error;
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new AppError({
        code: 'download_interrupted',
        message: `The download was interrupted after ${done} bytes${cause ? ` (${cause})` : ''}.`,
        hint: 'Nothing was kept; try again.',
      });
    });
    if (head !== null) throw notZip(); // fewer than 4 bytes in all
    if (total > 0 && done !== total)
      throw new AppError({
        code: 'download_incomplete',
        message: `The download stopped after ${done} of ${total} bytes.`,
        hint: 'Try again.',
      });
    await handle.sync();
    await handle.close();
    const path = await freePath(folder, fileName);
    await rename(temp, path);
    return { path, bytes: done };
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    if (options.signal?.aborted) throw new AppError({ code: 'cancelled', message: 'The download was cancelled; nothing was kept.' });
    if (error instanceof AppError && error.code === 'timeout') {
      throw new AppError({ ...error.toData(), hint: 'Nothing was kept; check the connection and try again.' });
    }
    throw error;
  }
}

async function openLink(options: ArchiveDownload): Promise<{ response: Response; url: string; abort: () => void }> {
  try {
    const { response, url, abort } = await guardedFetch(options.url, {
      allowLocal: options.localOrigin !== null,
      localOrigin: options.localOrigin ?? undefined,
      refuse: refusedFor,
      headersTimeoutMs: options.headersTimeoutMs ?? DOWNLOAD_TIMEOUTS.headersMs,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.lookup ? { lookup: options.lookup } : {}),
      ...(options.ca !== undefined ? { ca: options.ca } : {}),
    });
    return { response, url: url.toString(), abort };
  } catch (error) {
    if (options.signal?.aborted) throw new AppError({ code: 'cancelled', message: 'The download was cancelled; nothing was kept.' });
    if (error instanceof AppError && error.code === 'timeout')
      throw new AppError({ ...error.toData(), hint: 'Nothing was kept; check the connection and try again.' });
    throw error;
  }
}

/** A refusal in the words of a snapshot download. */
function refusedFor(refusal: Refusal): AppError {
  switch (refusal.kind) {
    case 'address':
      return refused(
        refusal.redirects === 0
          ? `The download link was not opened: ${refusal.problem}.`
          : `The download redirected to ${refusal.target.host}, which was not followed: ${refusal.problem}.`,
      );
    case 'not_a_url':
      return refused(`The download link is not a web address (${JSON.stringify(refusal.text.slice(0, 80))}).`);
    case 'credentials':
      return refused('The download link carries a user name or password; Groundwork does not send credentials with it.');
    case 'too_many_redirects':
      return refused(`The download redirected more than ${MAX_REDIRECTS} times; it was not followed further.`);
    case 'no_location':
      return refused(`The download answered HTTP ${refusal.status} without saying where to go.`);
  }
}

function refused(message: string): AppError {
  return new AppError({
    code: 'download_refused',
    message,
    hint: 'Nothing was downloaded. Export the snapshot again; if this repeats, the service is at fault.',
  });
}
