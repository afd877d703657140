import type { ImageMetadataEntry, TrainingRequest } from '../../shared/contracts/v1Datasets.js';
import { projectSchema } from '../../shared/contracts/v1Datasets.js';
import { parseMediaIds, parseMediaList, type ParsedMediaList } from '../../shared/datasets/mediaList.js';
import { batches } from '../../shared/datasets/pending.js';
import type {
  ApplyResult,
  FailedPart,
  MetadataAppend,
  DatasetSettings,
  DatasetsRegistry,
  DropImagesResult,
  DropOutcome,
  MediaImportResult,
  ProjectEntry,
  Thumbnail,
} from '../../shared/datasets/registry.js';
import { AppError } from '../../shared/errors.js';
import { IMAGE_KINDS_TEXT, MAX_IMAGE_BYTES } from '../../shared/imageFormats.js';
import { errorForRenderer } from '../core/internalError.js';
import type { AppEvent } from '../../shared/events.js';
import { V1Client } from '../api/v1Client.js';
import { rm, stat } from 'node:fs/promises';
import { sniffDocument } from '../formats/sniff.js';
import type { Credential } from '../api/credential.js';
import type { KeysService } from '../keys/keysService.js';
import { validateEndpointUrl } from '../keys/keyValidation.js';
import type { Logger } from '../core/log.js';
import type { Notices } from '../core/notices.js';
import type { ChosenFolder, DownloadResult, InferenceResult } from '../../shared/ipc/datasets.js';
import { readAllowedImage } from './allowedImage.js';
import { archiveName } from './archiveName.js';
import { ProjectRegistry } from './projectRegistry.js';
import { checkFolder, DownloadFolders } from './downloadFolder.js';
import { checkImageFolder, folderToAllow, imageUnavailable, projectMediaFolder } from './imageFolders.js';
import { downloadArchive } from './snapshotDownload.js';
import { removeMediaCopies, removeStaleCopies, storeDroppedImage } from './droppedImage.js';
import { loopbackOrigin } from '../api/guardedFetch.js';

export const DEFAULT_APPLY_BATCH = 250;

export interface DatasetsDeps {
  dataDir: string;
  keys: Pick<KeysService, 'credential'>;
  logger: Logger;
  notices: Notices;
  emit(event: AppEvent): void;
  /** Tests pass retry settings (no waits); the app uses the client defaults. */
  clientOptions?: Pick<ConstructorParameters<typeof V1Client>[0], 'retry' | 'timeoutMs'>;
  /** The native folder picker: the Electron shell's only; without it folders are typed. */
  chooseFolder?: () => Promise<string | null>;
  /** Shows a saved file in the system file manager: the Electron shell's only. */
  showInFolder?: (path: string) => void;
}

/**
 * The datasets half of the app in main: every v1 call goes through a client built from the
 * project's key, and every answer is remembered in the local registry (the contract has
 * no read endpoints).
 */
export class DatasetsService {
  readonly store: ProjectRegistry;
  private readonly downloadFolders: DownloadFolders;

  constructor(private readonly deps: DatasetsDeps) {
    this.store = new ProjectRegistry(deps.dataDir, deps);
    this.downloadFolders = new DownloadFolders(deps.chooseFolder);
  }

  async registry(): Promise<DatasetsRegistry> {
    const file = await this.store.read();
    return {
      projects: file.projects,
      settings: file.settings,
      imageFolders: file.imageFolders ?? [],
      ...(file.downloadFolder ? { downloadFolder: file.downloadFolder } : {}),
    };
  }

  async client(keyId: string): Promise<V1Client> {
    return new V1Client({ credential: await this.v1Credential(keyId), ...this.deps.clientOptions });
  }

  /** The origin of the project's key when its service is on this computer (the emulator): the one local origin a link may point at. */
  private async loopbackOriginOf(keyId: string): Promise<string | null> {
    try {
      return loopbackOrigin((await this.v1Credential(keyId)).address);
    } catch {
      // The key is gone: a presigned link needs none, but then only public https is fetched.
      return null;
    }
  }

  private async v1Credential(keyId: string): Promise<Credential> {
    const credential = await this.deps.keys.credential(keyId);
    if (credential.kind !== 'v1' && credential.kind !== 'v1-legacy') {
      throw new AppError({
        code: 'wrong_key_kind',
        message: 'This key is not a v1 key; datasets need a v1 key or a v1 legacy key + secret pair.',
        hint: 'Pick a v1 key, or add one on the Keys screen.',
        fields: { keyId: 'Not a v1 key.' },
      });
    }
    return credential;
  }

  private async projectClient(projectId: number): Promise<{ project: ProjectEntry; client: V1Client }> {
    const project = await this.store.project(projectId);
    return { project, client: await this.client(project.keyId) };
  }

  async createProject(keyId: string, name: string): Promise<ProjectEntry> {
    const created = await (await this.client(keyId)).createProject({ name });
    return this.store.upsertProject({
      ...emptyProject(created.id, created.name, keyId, 'created'),
      projectType: created.projectType,
      createdAt: created.createdAt,
      isActive: created.isActive,
    });
  }

  async addProject(keyId: string, projectId: number, name: string | undefined): Promise<ProjectEntry> {
    await this.client(keyId);
    return this.store.upsertProject(emptyProject(projectId, name?.trim() || `Project ${projectId}`, keyId, 'added'));
  }

  /** Forgets a project, then deletes the copies of its dropped images (a crash between leaves only unreferenced files). */
  async forgetProject(projectId: number): Promise<void> {
    await this.store.forget(projectId);
    await removeMediaCopies(this.deps.dataDir, projectId);
  }

  async setProjectKey(projectId: number, keyId: string): Promise<ProjectEntry> {
    await this.client(keyId);
    return this.store.updateProject(projectId, (p) => ({ ...p, keyId }));
  }

  async setActive(projectId: number, isActive: boolean): Promise<ProjectEntry> {
    const { client } = await this.projectClient(projectId);
    const answer = await client.setProjectActive(projectId, isActive);
    const project = projectSchema.safeParse((answer as { data?: unknown } | null)?.data);
    return this.store.updateProject(projectId, (p) =>
      project.success
        ? {
            ...p,
            name: project.data.name,
            isActive: project.data.isActive,
            projectType: project.data.projectType,
            createdAt: project.data.createdAt,
          }
        : { ...p, isActive },
    );
  }

  setSettings(settings: DatasetSettings): Promise<DatasetSettings> {
    return this.store.setSettings(settings);
  }

  /** `keyId`: another v1 key for this one request's `apikey` header (tag creation takes its own). */
  async createTag(projectId: number, name: string, keyId?: string): Promise<ProjectEntry> {
    const project = await this.store.project(projectId);
    const own = await this.v1Credential(project.keyId);
    const override = keyId ? await this.v1Credential(keyId) : own;
    // The override only changes the header: a key of another address would send the request (and the project id) there.
    if (sameAddress(override.address, own.address) === false) {
      throw new AppError({
        code: 'key_address_mismatch',
        message: `The key ${keyId} talks to ${override.address}, not to ${own.address} where project “${project.name}” is.`,
        hint: "Pick a v1 key with the project key's address, or send with the project's own key.",
        fields: { keyId: 'This key talks to another address.' },
      });
    }
    const client = new V1Client({ credential: override, ...this.deps.clientOptions });
    const { settings } = await this.store.read();
    const tag = await client.createTag(projectId, { name }, { timeout: settings.tagTimeout });
    return this.store.updateProject(projectId, (p) => ({ ...p, tags: [...p.tags.filter((t) => t.id !== tag.id), tag] }));
  }

  async renameTag(projectId: number, tagId: number, name: string): Promise<ProjectEntry> {
    const { client } = await this.projectClient(projectId);
    const tag = await client.updateTag(projectId, tagId, { name });
    return this.store.updateProject(projectId, (p) => ({ ...p, tags: replaceById(p.tags, tag) }));
  }

  async createMetadata(
    projectId: number,
    body: { name: string; allowMultiple: boolean; predefinedChoices: string[] },
  ): Promise<ProjectEntry> {
    const { client } = await this.projectClient(projectId);
    const definition = await client.createMetadata(projectId, body);
    return this.store.updateProject(projectId, (p) => ({
      ...p,
      metadata: [...p.metadata.filter((m) => m.id !== definition.id), definition],
    }));
  }

  async updateMetadata(
    projectId: number,
    metadataId: number,
    body: { name?: string; allowMultiple?: boolean; predefinedChoicesAppend?: string[]; valueFlexible?: boolean },
  ): Promise<ProjectEntry> {
    const { client } = await this.projectClient(projectId);
    const definition = await client.updateMetadata(projectId, metadataId, body);
    return this.store.updateProject(projectId, (p) => ({ ...p, metadata: replaceById(p.metadata, definition) }));
  }

  importMedia(projectId: number, fileName: string, text: string): Promise<MediaImportResult> {
    return this.addRows(projectId, parseMediaList(fileName, text));
  }

  addMediaIds(projectId: number, text: string): Promise<MediaImportResult> {
    return this.addRows(projectId, parseMediaIds(text));
  }

  private async addRows(projectId: number, parsed: ParsedMediaList): Promise<MediaImportResult> {
    let added = 0;
    const project = await this.store.updateProject(projectId, (p) => {
      const byId = new Map(p.media.map((m) => [m.mediaId, m]));
      for (const row of parsed.rows) {
        const known = byId.get(row.mediaId);
        if (!known) added++;
        const { addedByDrop: _listedNow, ...rest } = known ?? { metadata: {} };
        byId.set(row.mediaId, { ...rest, ...row });
      }
      return { ...p, media: [...byId.values()] };
    });
    return { project, imported: parsed.rows.length, added, problems: parsed.problems };
  }

  /**
   * Keeps dropped images as the local images of media: each copied into the data folder (so
   * the thumbnail stays valid whatever happens to the dropped file), then all remembered on
   * the project's board in one registry write, which adds media the board did not list.
   * Once a project has a media list, only its media take images. Order on disk: the copy,
   * the registry, then the removal of older copies; a failed registry write removes the new
   * copies it would have pointed at. Each image's outcome is returned in the order sent.
   */
  async dropImages(
    projectId: number,
    images: { mediaId: number; fileName: string; bytes: Uint8Array }[],
    rule?: ProjectEntry['dropRule'],
  ): Promise<DropImagesResult> {
    const before = await this.store.project(projectId);
    const listed = new Set(before.media.filter((m) => !m.addedByDrop).map((m) => m.mediaId));
    const outcomes: DropOutcome[] = [];
    const stored: { mediaId: number; fileName: string; path: string }[] = [];
    for (const { mediaId, fileName, bytes } of images) {
      try {
        if (listed.size > 0 && !listed.has(mediaId)) throw unlistedMedia(mediaId, before.name);
        const { path } = await storeDroppedImage(this.deps.dataDir, projectId, mediaId, fileName, bytes);
        stored.push({ mediaId, fileName, path });
        outcomes.push({ mediaId, fileName });
      } catch (error) {
        outcomes.push({ mediaId, fileName, error: errorForRenderer(error, this.deps.logger, 'drop image') });
      }
    }
    let project = before;
    if (stored.length > 0) {
      try {
        project = await this.store.updateProject(projectId, (p) => {
          const byId = new Map(p.media.map((m) => [m.mediaId, m]));
          for (const { mediaId, fileName, path } of stored) {
            const known = byId.get(mediaId);
            byId.set(mediaId, { ...(known ?? { metadata: {}, addedByDrop: true }), mediaId, fileName, imagePath: path });
          }
          return { ...p, media: [...byId.values()], ...(rule ? { dropRule: rule } : {}) };
        });
      } catch (error) {
        // Nothing points at the new copies, except where one replaced an older copy of the same name.
        const kept = new Set(before.media.map((m) => m.imagePath));
        await Promise.all(stored.filter((s) => !kept.has(s.path)).map((s) => rm(s.path, { force: true })));
        throw error;
      }
      for (const { mediaId, path } of stored) await removeStaleCopies(this.deps.dataDir, projectId, mediaId, path);
    }
    return { project, outcomes };
  }

  /** Removes media from the board, and the copies of their dropped images after. */
  async removeMedia(projectId: number, mediaIds: number[]): Promise<ProjectEntry> {
    const remove = new Set(mediaIds);
    const project = await this.store.updateProject(projectId, (p) => ({ ...p, media: p.media.filter((m) => !remove.has(m.mediaId)) }));
    await removeMediaCopies(this.deps.dataDir, projectId, mediaIds);
    return project;
  }

  /**
   * Reads the local image of a media the user imported, only from a folder the user allowed
   * or the data folder's media copies, and only an image (judged by content). Every refusal
   * gives the renderer the same error; the log says which it was.
   */
  async thumbnail(projectId: number, mediaId: number): Promise<Thumbnail> {
    const project = await this.store.project(projectId);
    const media = project.media.find((m) => m.mediaId === mediaId);
    if (!media?.imagePath) {
      throw new AppError({
        code: 'no_thumbnail',
        message: `Media ${mediaId} has no local image.`,
        hint: 'Import a media list with an image path for it.',
      });
    }
    // Copies are served from this project's own folder only, never another project's.
    const folders = [...((await this.store.read()).imageFolders ?? []), projectMediaFolder(this.deps.dataDir, projectId)];
    const image = await readAllowedImage(media.imagePath, folders, MAX_IMAGE_BYTES);
    if ('refused' in image) {
      this.deps.logger.warn('thumbnail refused', { projectId, mediaId, reason: image.refused });
      throw imageUnavailable();
    }
    return image;
  }

  /** Allows thumbnails from a folder (checked, links resolved); the allowed folders after. */
  async allowImageFolder(folder: string): Promise<string[]> {
    const real = await checkImageFolder(folder);
    const folders = await this.store.allowImageFolder(real);
    this.deps.logger.info('image folder allowed', { folders: folders.length });
    return folders;
  }

  /** Allows the folder picked in the native dialog, or the typed one where there is none; the allowed folders after (unchanged when the dialog was cancelled). */
  async allowChosenImageFolder(typed: string | undefined): Promise<string[]> {
    const chosen = await folderToAllow(this.deps.chooseFolder, typed);
    return chosen === null ? (await this.registry()).imageFolders : this.allowImageFolder(chosen);
  }

  forgetImageFolder(folder: string): Promise<string[]> {
    return this.store.forgetImageFolder(folder);
  }

  /**
   * Sends `metadataAppend` for the given media in parts (one request per value and batch),
   * reporting progress under `runId`. Every answer is recorded as it arrives, so the board
   * shows what the service holds. A part that fails is returned with its error while the
   * others go on, so it can be retried alone; when no part was applied, the first error is
   * thrown (its fields name what was wrong). Cancelling stops at the next part.
   */
  async applyMetadata(
    request: {
      runId: string;
      projectId: number;
      changes: { metadataAppend: MetadataAppend; mediaIds: number[] }[];
      batchSize?: number | undefined;
    },
    signal?: AbortSignal,
  ): Promise<ApplyResult> {
    const { projectId, runId } = request;
    const { client } = await this.projectClient(projectId);
    const size = request.batchSize ?? DEFAULT_APPLY_BATCH;
    const total = request.changes.reduce((n, c) => n + c.mediaIds.length, 0);
    const entries: ImageMetadataEntry[] = [];
    const failed: FailedPart[] = [];
    let firstError: unknown = null;
    let done = 0;
    let requests = 0;
    this.deps.emit({ type: 'progress', taskId: runId, done, total, message: 'Applying metadata…' });
    try {
      for (const change of request.changes) {
        for (const batch of batches(change.mediaIds, size)) {
          if (signal?.aborted) throw new AppError({ code: 'cancelled', message: 'Applying was cancelled.' });
          requests++;
          try {
            const part = { metadataAppend: change.metadataAppend, mediaIds: batch };
            entries.push(...(await client.setImageMetadata(projectId, part, signal ? { signal } : {})));
          } catch (error) {
            if (signal?.aborted) throw error;
            firstError ??= error;
            failed.push({
              metadataAppend: change.metadataAppend,
              mediaIds: batch,
              error: errorForRenderer(error, this.deps.logger, 'apply part'),
            });
          }
          done += batch.length;
          this.deps.emit({ type: 'progress', taskId: runId, done, total, message: `${done} of ${total} media` });
        }
      }
    } finally {
      if (entries.length > 0) await this.recordEntries(projectId, entries);
    }
    if (entries.length === 0 && firstError) throw firstError;
    const project = await this.store.project(projectId);
    return { project, updated: entries.length, requests, failed };
  }

  async applyToAll(projectId: number, metadataAppend: Record<string, unknown>, confirmProjectName: string): Promise<ApplyResult> {
    const { project: known, client } = await this.projectClient(projectId);
    if (confirmProjectName !== known.name) {
      throw new AppError({
        code: 'confirmation_required',
        message: `Applying to all media of "${known.name}" needs its name as confirmation.`,
        fields: { confirmProjectName: 'Does not match the project name.' },
      });
    }
    const entries = await client.setImageMetadata(projectId, { metadataAppend, allMedia: true });
    const project = await this.recordEntries(projectId, entries);
    return { project, updated: entries.length, requests: 1, failed: [] };
  }

  private recordEntries(projectId: number, entries: ImageMetadataEntry[]): Promise<ProjectEntry> {
    return this.store.updateProject(projectId, (p) => {
      const byId = new Map(p.media.map((m) => [m.mediaId, m]));
      for (const entry of entries) {
        const known = byId.get(entry.mediaId);
        // The service answered for it: the project has this media, however it came on the board.
        const { addedByDrop: _answered, ...rest } = known ?? { mediaId: entry.mediaId };
        byId.set(entry.mediaId, { ...rest, metadata: entry.metadata });
      }
      return { ...p, media: [...byId.values()] };
    });
  }

  async startTraining(projectId: number, request: TrainingRequest): Promise<ProjectEntry> {
    const { client } = await this.projectClient(projectId);
    const id = await client.train(projectId, request);
    return this.store.updateProject(projectId, (p) => ({
      ...p,
      trainings: [{ id, startedAt: new Date().toISOString(), request }, ...p.trainings],
    }));
  }

  async trainingMetrics(projectId: number, trainingId: string): Promise<ProjectEntry> {
    const { client } = await this.projectClient(projectId);
    const metrics = await client.trainingMetrics(projectId, trainingId);
    const metricsAt = new Date().toISOString();
    return this.store.updateProject(projectId, (p) => {
      const known = p.trainings.find((t) => t.id === trainingId);
      // Asked again with the same answer (a run still training): datasets.json is not rewritten.
      if (known?.metricsAt && JSON.stringify(known.metrics) === JSON.stringify(metrics)) return p;
      const trainings = known
        ? p.trainings.map((t) => (t.id === trainingId ? { ...t, metrics, metricsAt } : t))
        : [{ id: trainingId, startedAt: metricsAt, request: {}, metrics, metricsAt }, ...p.trainings];
      return { ...p, trainings };
    });
  }

  async exportSnapshot(projectId: number, version: number, retry: boolean): Promise<ProjectEntry> {
    const { client } = await this.projectClient(projectId);
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
      localOrigin: await this.loopbackOriginOf(project.keyId),
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

  /**
   * Posts one image to a deployment endpoint; with a project, remembers the endpoint for it
   * once it answered (written only when it changed). Aborting `signal` abandons the call and
   * its retries.
   */
  async inference(
    keyId: string,
    endpointUrl: string,
    fileName: string,
    bytes: Uint8Array,
    projectId?: number,
    signal?: AbortSignal,
  ): Promise<InferenceResult> {
    const kind = sniffDocument(bytes);
    if (kind?.kind !== 'image') {
      throw new AppError({
        code: 'not_an_image',
        message: `"${fileName}" is not an image.`,
        hint: `Drop a ${IMAGE_KINDS_TEXT} image.`,
        fields: { file: 'Not an image.' },
      });
    }
    const endpoint = validateEndpointUrl(endpointUrl);
    const client = await this.client(keyId);
    if (!client.mayCall(endpoint.toString())) {
      throw new AppError({
        code: 'inference_host_unconfirmed',
        message: `This key has not been sent to ${endpoint.host} before.`,
        hint: `Confirm that ${endpoint.host} is your deployment's host to send the key there; a pasted or unexpected address may be a trap.`,
      });
    }
    if (signal?.aborted) throw new AppError({ code: 'cancelled', message: 'Inference was cancelled.' });
    const result = await client.infer(endpoint.toString(), { bytes, filename: fileName }, signal ? { signal } : {});
    if (projectId === undefined) return { result, mime: kind.mime };
    const url = endpoint.toString();
    try {
      const project = await this.store.updateProject(projectId, (p) =>
        p.inferenceEndpoint === url ? p : { ...p, inferenceEndpoint: url },
      );
      return { result, mime: kind.mime, project };
    } catch (error) {
      // Forgotten while the image was out: the (billed) answer is still the user's; only the endpoint has nowhere to go.
      if (error instanceof AppError && error.code === 'unknown_project') return { result, mime: kind.mime };
      throw error;
    }
  }
}

function sameAddress(a: string, b: string): boolean {
  const origin = (url: string) => url.trim().replace(/\/+$/, '').toLowerCase();
  return origin(a) === origin(b);
}

function unlistedMedia(mediaId: number, projectName: string): AppError {
  return new AppError({
    code: 'unknown_media',
    message: `Media ${mediaId} is not in the media list of “${projectName}”.`,
    hint: 'Give the file the id of a listed media, or import a media list that has it.',
    fields: { file: `Media ${mediaId} is not listed.` },
  });
}

export function emptyProject(id: number, name: string, keyId: string, origin: ProjectEntry['origin']): ProjectEntry {
  return { id, name, keyId, origin, addedAt: new Date().toISOString(), tags: [], metadata: [], media: [], trainings: [], exports: [] };
}

function replaceById<T extends { id: number }>(list: T[], item: T): T[] {
  return list.some((x) => x.id === item.id) ? list.map((x) => (x.id === item.id ? item : x)) : [...list, item];
}
