import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, open, rename, rm, stat } from 'node:fs/promises';
import { basename, isAbsolute, join } from 'node:path';
import { AppError } from '../../shared/errors.js';
import type { AppEvent } from '../../shared/events.js';

/** Checks a destination folder typed by the user: absolute, existing, a directory, writable. */
export async function checkFolder(folder: string): Promise<string> {
  const bad = (message: string) => new AppError({ code: 'invalid_folder', message, hint: 'Type the absolute path of an existing folder you can write to.', fields: { folder: message } });
  if (!isAbsolute(folder)) throw bad(`"${folder}" is not an absolute path.`);
  const info = await stat(folder).catch(() => null);
  if (!info) throw bad(`The folder "${folder}" does not exist.`);
  if (!info.isDirectory()) throw bad(`"${folder}" is not a folder.`);
  try {
    await access(folder, constants.W_OK);
  } catch {
    throw bad(`The folder "${folder}" is not writable.`);
  }
  return folder;
}

/** A safe file name for the archive, from the URL's last path segment. */
export function archiveName(downloadUrl: string, fallback: string): string {
  let name: string;
  try {
    name = decodeURIComponent(basename(new URL(downloadUrl).pathname));
  } catch {
    name = '';
  }
  name = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '');
  return name.length > 0 && name.length <= 200 ? name : fallback;
}

async function freePath(folder: string, name: string): Promise<string> {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let i = 0; i < 1000; i++) {
    const candidate = join(folder, i === 0 ? name : `${stem} (${i})${ext}`);
    if (!(await stat(candidate).catch(() => null))) return candidate;
  }
  throw new AppError({ code: 'no_free_name', message: `Too many files named like ${name} in ${folder}.` });
}

/**
 * Streams the archive into a temp file in the destination folder, reporting progress, and
 * renames it into place only when complete: a failure or cancel never leaves a partial
 * archive under the final name. The download URL is presigned, so no key is sent.
 */
export async function downloadArchive(options: {
  url: string;
  folder: string;
  fileName: string;
  taskId: string;
  emit(event: AppEvent): void;
  signal?: AbortSignal;
}): Promise<{ path: string; bytes: number }> {
  const folder = await checkFolder(options.folder);
  let response: Response;
  try {
    response = await fetch(options.url, { ...(options.signal ? { signal: options.signal } : {}), redirect: 'follow' });
  } catch (error) {
    if (options.signal?.aborted) throw new AppError({ code: 'cancelled', message: 'The download was cancelled.' });
    throw new AppError({ code: 'network_error', message: `Could not download the archive (${error instanceof Error ? error.message : String(error)}).`, hint: 'Check the connection; export again if the link expired.' });
  }
  if (!response.ok || !response.body) {
    const body = (await response.text().catch(() => '')).slice(0, 300);
    throw new AppError({ code: 'download_failed', status: response.status, message: `The download answered HTTP ${response.status}${body ? `: ${body}` : ''}.`, hint: 'The link may have expired: export the snapshot again.' });
  }
  const total = Number(response.headers.get('content-length') ?? 0) || 0;
  const temp = join(folder, `.${options.fileName}.${randomBytes(6).toString('hex')}.partial`);
  const handle = await open(temp, 'w', 0o644);
  let done = 0;
  try {
    options.emit({ type: 'progress', taskId: options.taskId, done, total, message: 'Downloading…' });
    const reader = response.body.getReader();
    for (;;) {
      const { done: finished, value } = await reader.read().catch((error: unknown) => {
        if (options.signal?.aborted) throw error;
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        throw new AppError({
          code: 'download_interrupted',
          message: `The download was interrupted after ${done} bytes${cause ? ` (${cause})` : ''}.`,
          hint: 'Nothing was kept; try again.',
        });
      });
      if (finished) break;
      await handle.write(value);
      done += value.byteLength;
      options.emit({ type: 'progress', taskId: options.taskId, done, total: Math.max(total, done), message: 'Downloading…' });
    }
    if (total > 0 && done !== total) throw new AppError({ code: 'download_incomplete', message: `The download stopped after ${done} of ${total} bytes.`, hint: 'Try again.' });
    await handle.sync();
    await handle.close();
    const path = await freePath(folder, options.fileName);
    await rename(temp, path);
    return { path, bytes: done };
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    if (options.signal?.aborted) throw new AppError({ code: 'cancelled', message: 'The download was cancelled; nothing was kept.' });
    throw error;
  }
}
