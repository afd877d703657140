import { stat } from 'node:fs/promises';
import type { ProjectEntry } from '../../shared/datasets/registry.js';
import { AppError } from '../../shared/errors.js';
import type { AppEvent } from '../../shared/events.js';
import type { ChosenFolder, DownloadResult } from '../../shared/ipc/datasets.js';
import { archiveName } from './archiveName.js';
import { checkFolder, DownloadFolders } from './downloadFolder.js';
import type { ProjectRegistry } from './projectRegistry.js';
import { downloadArchive } from './snapshotDownload.js';
import type { V1Clients } from './v1Clients.js';

export interface SnapshotsDeps {
  emit(event: AppEvent): void;
  /** The native folder picker: the Electron shell's only; without it folders are typed. */
  chooseFolder?: () => Promise<string | null>;
  /** Shows a saved file in the system file manager: the Electron shell's only. */
  showInFolder?: (path: string) => void;
}

/** Snapshots exported on the service, their archives downloaded into a folder and shown in the file manager. */
export class Snapshots {
  private readonly downloadFolders: DownloadFolders;

  constructor(
    private readonly store: ProjectRegistry,
    private readonly clients: V1Clients,
    private readonly deps: SnapshotsDeps,
  ) {
    this.downloadFolders = new DownloadFolders(deps.chooseFolder);
  }

  async exportSnapshot(projectId: number, version: number, retry: boolean): Promise<ProjectEntry> {
    const { client } = await this.clients.forProject(projectId);
    const started = await client.exportSnapshot(projectId, version, { retry });
    const record = { ...started, version, retry, requestedAt: new Date().toISOString() };
    return this.store.updateProject(projectId, (p) => ({ ...p, exports: [record, ...p.exports] }));
  }

  /** Shows the native folder dialog for a download's destination; null when cancelled. */
  async chooseDownloadFolder(): Promise<ChosenFolder> {
    const picked = await this.downloadFolders.choose();
    if (picked === null) return { folder: null };
    const folder = await checkFolder(picked);
    await this.store.setDownloadFolder(folder);
    return { folder };
  }

  /** Shows a downloaded archive in the system file manager; only a file this project's download saved. */
  async showDownloadInFolder(projectId: number, downloadUrl: string): Promise<null> {
    const project = await this.store.project(projectId);
    const path = project.exports.find((e) => e.downloadUrl === downloadUrl)?.downloadedTo;
    const gone = () =>
      new AppError({
        code: 'download_missing',
        message: path ? `The archive is no longer at ${path}.` : 'This snapshot has not been downloaded.',
        hint: 'Download it again.',
      });
    if (!path || !(await stat(path).catch(() => null))?.isFile()) throw gone();
    if (!this.deps.showInFolder) {
      throw new AppError({
        code: 'no_file_manager',
        message: 'This window cannot open the file manager.',
        hint: `The file is at ${path}.`,
      });
    }
    this.deps.showInFolder(path);
    return null;
  }

  /**
   * Downloads an exported snapshot's archive into a folder (one picked in the dialog, where
   * there is one), reporting progress under `runId`, and remembers where it went.
   */
  async downloadSnapshot(
    request: { runId: string; projectId: number; downloadUrl: string; folder: string },
    signal: AbortSignal,
  ): Promise<DownloadResult> {
    const { runId, projectId, downloadUrl, folder } = request;
    const project = await this.store.project(projectId);
    const record = project.exports.find((e) => e.downloadUrl === downloadUrl);
    if (!record) {
      throw new AppError({
        code: 'unknown_download',
        message: 'This download link did not come from an export of this project.',
        hint: 'Export the snapshot first.',
      });
    }
    const expires = Date.parse(record.downloadExpiresAt);
    if (Number.isFinite(expires) && expires <= Date.now()) {
      throw new AppError({
        code: 'download_expired',
        message: `The download link of snapshot v${record.version} expired at ${record.downloadExpiresAt}.`,
        hint: 'Export the snapshot again for a fresh link.',
      });
    }
    const destination = await this.downloadFolders.resolve(folder, (await this.store.read()).downloadFolder);
    const fileName = archiveName(downloadUrl, `snapshot-${projectId}-v${record.version}.zip`);
    const result = await downloadArchive({
      url: downloadUrl,
      localOrigin: await this.clients.loopbackOriginOf(project.keyId),
      folder: destination,
      fileName,
      taskId: runId,
      emit: this.deps.emit,
      signal,
    });
    await this.store.updateProject(projectId, (p) => ({
      ...p,
      exports: p.exports.map((e) => (e.downloadUrl === downloadUrl ? { ...e, downloadedTo: result.path } : e)),
    }));
    await this.store.setDownloadFolder(destination);
    return result;
  }
}
