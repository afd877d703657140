import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { AppError } from '../../shared/errors.js';

/** Checks a destination folder: absolute, existing, a directory, writable. */
export async function checkFolder(folder: string): Promise<string> {
  const bad = (message: string) =>
    new AppError({
      code: 'invalid_folder',
      message,
      hint: 'Type the absolute path of an existing folder you can write to.',
      fields: { folder: message },
    });
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

/**
 * Where a download may be written. With a native folder dialog (the Electron shell) the
 * folder must be one the user picked in it, in this session or remembered from an earlier
 * pick (main alone writes that), so the renderer cannot name any other folder. The preview has no dialog and takes the typed folder.
 * Either way the folder is checked as it is when the download starts.
 */
export class DownloadFolders {
  private readonly picked = new Set<string>();

  constructor(private readonly dialog: (() => Promise<string | null>) | undefined) {}

  get hasDialog(): boolean {
    return this.dialog !== undefined;
  }

  /** Shows the dialog; null when the user cancelled it. */
  async choose(): Promise<string | null> {
    if (!this.dialog) {
      throw new AppError({
        code: 'no_folder_dialog',
        message: 'This window has no folder dialog.',
        hint: "Type the folder's absolute path instead.",
      });
    }
    const folder = await this.dialog();
    if (folder !== null) this.picked.add(folder);
    return folder;
  }

  async resolve(folder: string, remembered: string | undefined): Promise<string> {
    if (this.dialog && !this.picked.has(folder) && folder !== remembered) {
      const message = 'Choose the destination with "Choose folder…".';
      throw new AppError({
        code: 'invalid_folder',
        message,
        hint: 'The archive is saved only into a folder picked in the folder dialog.',
        fields: { folder: message },
      });
    }
    return checkFolder(folder);
  }
}
