import { rm } from 'node:fs/promises';
import { parseMediaIds, parseMediaList, type ParsedMediaList } from '../../shared/datasets/mediaList.js';
import type { DropImagesResult, DropOutcome, MediaImportResult, ProjectEntry, Thumbnail } from '../../shared/datasets/registry.js';
import { AppError } from '../../shared/errors.js';
import { MAX_IMAGE_BYTES } from '../../shared/imageFormats.js';
import { errorForRenderer } from '../core/internalError.js';
import type { Logger } from '../core/log.js';
import { readAllowedImage } from './allowedImage.js';
import { removeMediaCopies, removeStaleCopies, storeDroppedImage } from './droppedImage.js';
import { checkImageFolder, folderToAllow, imageUnavailable, projectMediaFolder } from './imageFolders.js';
import type { ProjectRegistry } from './projectRegistry.js';

export interface MediaDeps {
  dataDir: string;
  logger: Logger;
  /** The native folder picker: the Electron shell's only; without it folders are typed. */
  chooseFolder?: () => Promise<string | null>;
}

/**
 * A project's media board, all local: media lists and ids imported, dropped images copied
 * into the data folder, thumbnails read only from the image folders the user allowed.
 */
export class Media {
  constructor(
    private readonly store: ProjectRegistry,
    private readonly deps: MediaDeps,
  ) {}

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
    return chosen === null ? ((await this.store.read()).imageFolders ?? []) : this.allowImageFolder(chosen);
  }

  forgetImageFolder(folder: string): Promise<string[]> {
    return this.store.forgetImageFolder(folder);
  }
}

function unlistedMedia(mediaId: number, projectName: string): AppError {
  return new AppError({
    code: 'unknown_media',
    message: `Media ${mediaId} is not in the media list of “${projectName}”.`,
    hint: 'Give the file the id of a listed media, or import a media list that has it.',
    fields: { file: `Media ${mediaId} is not listed.` },
  });
}
