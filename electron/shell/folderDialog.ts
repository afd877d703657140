import { dialog, shell, type BrowserWindow, type OpenDialogOptions } from 'electron';

/**
 * The native folder picker. In the app it is the only way a folder main will read from
 * gets named: a renderer can ask for the dialog, but the user picks the folder.
 */
export async function chooseFolderWithDialog(parent: BrowserWindow | null): Promise<string | null> {
  const options: OpenDialogOptions = { title: 'Choose a folder', properties: ['openDirectory'] };
  const result = parent && !parent.isDestroyed() ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}

/** Opens the system file manager with the file selected (a saved snapshot archive). */
export function showFileInFolder(path: string): void {
  shell.showItemInFolder(path);
}
