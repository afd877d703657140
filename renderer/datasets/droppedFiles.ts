import { AppError } from '../../shared/errors.js';

/**
 * The files of a drop or a file picker, folders opened: each with the name it is shown
 * under (`folder/101.png` for a folder's files). Bytes are read later, one file at a
 * time, and sent to main as bytes: the browser preview gives no paths at all, and the
 * same route serves the app.
 */
export interface DroppedFile {
  name: string;
  file: File;
}

/** Media lists dropped beside the images: read as the sidecar, never sent as images. */
export const isSidecar = (name: string) => /\.(csv|json)$/i.test(name);

/** Dot files and the like a folder drags along (Thumbs.db, .DS_Store) are not images anyone dropped. */
const isNoise = (name: string) => /(^|\/)\.[^/]*$|(^|\/)(thumbs\.db|desktop\.ini)$/i.test(name);

/** A folder's entries, read in the batches `readEntries` hands out. */
async function readFolder(entry: FileSystemDirectoryEntry, prefix: string, out: DroppedFile[]): Promise<void> {
  const reader = entry.createReader();
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return;
    for (const child of batch) await readEntry(child, `${prefix}${entry.name}/`, out);
  }
}

async function readEntry(entry: FileSystemEntry, prefix: string, out: DroppedFile[]): Promise<void> {
  if (entry.isDirectory) return readFolder(entry as FileSystemDirectoryEntry, prefix, out);
  const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
  out.push({ name: `${prefix}${file.name}`, file });
}

/** Whether a drag carries files from outside the page (not media dragged on the board). */
export function carriesFiles(data: DataTransfer): boolean {
  return data.types.includes('Files');
}

/** Everything a drop holds, folders walked; entries are taken synchronously, as the drop event requires. */
export async function filesOfDrop(data: DataTransfer): Promise<DroppedFile[]> {
  const entries = [...data.items].map((item) => (item.kind === 'file' ? item.webkitGetAsEntry() : null));
  const out: DroppedFile[] = [];
  if (entries.some((e) => e?.isDirectory)) {
    for (const entry of entries) if (entry) await readEntry(entry, '', out);
  } else {
    for (const file of data.files) out.push({ name: file.name, file });
  }
  return out.filter((f) => !isNoise(f.name));
}

/** A file picker's files (a folder picker gives each its relative path). */
export function filesOfInput(list: FileList | null): DroppedFile[] {
  return [...(list ?? [])].map((file) => ({ name: file.webkitRelativePath || file.name, file })).filter((f) => !isNoise(f.name));
}

/** A dropped file or folder the browser could not read (moved, locked, no permission), as an AppError to show. */
export function unreadableDrop(caught: unknown, name?: string): AppError {
  if (caught instanceof AppError) return caught;
  return new AppError({
    code: 'drop_unreadable',
    message: name ? `“${name}” could not be read.` : 'The dropped files could not be read.',
    hint: 'Check that the files are still there and readable, then drop or pick them again.',
  });
}
