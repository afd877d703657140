import { join } from 'node:path';
import { AppError } from '../../shared/errors.js';
import { DEFAULT_DATASET_SETTINGS, datasetsFileSchema, type DatasetsFile, type ProjectEntry } from '../../shared/datasets/registry.js';
import type { Logger } from '../core/log.js';
import type { Notices } from '../core/notices.js';
import { JsonFileStore } from '../storage/jsonFileStore.js';

export type ProjectRegistryFile = JsonFileStore<typeof datasetsFileSchema>;

/**
 * The local registry of v1 projects (`<data>/datasets.json`): atomic writes, serialized
 * updates, a corrupt file set aside. Every change goes through `updateProject`, so two
 * actions on one project never lose each other's writes.
 */
export class ProjectRegistry {
  readonly file: ProjectRegistryFile;

  constructor(dataDir: string, deps: { logger: Logger; notices: Notices }) {
    this.file = new JsonFileStore(
      join(dataDir, 'datasets.json'),
      datasetsFileSchema,
      () => ({ version: 1 as const, projects: [], settings: { ...DEFAULT_DATASET_SETTINGS } }),
      {
        ...deps,
        label: 'datasets registry',
      },
    );
  }

  read(): Promise<DatasetsFile> {
    return this.file.read();
  }

  async project(projectId: number): Promise<ProjectEntry> {
    return findProject(await this.read(), projectId);
  }

  /** Adds a project, or refreshes the one already known under that id (keeping its local data). */
  upsertProject(entry: ProjectEntry): Promise<ProjectEntry> {
    return this.file.update((current) => {
      const existing = current.projects.find((p) => p.id === entry.id);
      const next: ProjectEntry = existing
        ? {
            ...existing,
            ...pickDefined({
              name: entry.name,
              keyId: entry.keyId,
              projectType: entry.projectType,
              createdAt: entry.createdAt,
              isActive: entry.isActive,
            }),
          }
        : entry;
      const projects = existing ? current.projects.map((p) => (p.id === entry.id ? next : p)) : [...current.projects, next];
      return { next: { ...current, projects }, result: next };
    });
  }

  updateProject(projectId: number, change: (project: ProjectEntry) => ProjectEntry): Promise<ProjectEntry> {
    return this.file.update((current) => {
      const found = findProject(current, projectId);
      const next = change(found);
      // The project returned as it was: nothing to write.
      if (next === found) return { next: current, result: next };
      return { next: { ...current, projects: current.projects.map((p) => (p.id === projectId ? next : p)) }, result: next };
    });
  }

  forget(projectId: number): Promise<void> {
    return this.file.update((current) => {
      findProject(current, projectId);
      return { next: { ...current, projects: current.projects.filter((p) => p.id !== projectId) }, result: undefined };
    });
  }

  setSettings(settings: DatasetsFile['settings']): Promise<DatasetsFile['settings']> {
    return this.file.update((current) => ({ next: { ...current, settings }, result: settings }));
  }

  /** Adds a folder (already checked) to those thumbnails may be read from; the list after. */
  allowImageFolder(folder: string): Promise<string[]> {
    return this.file.update((current) => {
      const known = current.imageFolders ?? [];
      const imageFolders = known.includes(folder) ? known : [...known, folder];
      return { next: { ...current, imageFolders }, result: imageFolders };
    });
  }

  /** Remembers where snapshot archives go (a folder already checked). */
  setDownloadFolder(folder: string): Promise<string> {
    return this.file.update((current) => ({ next: { ...current, downloadFolder: folder }, result: folder }));
  }

  forgetImageFolder(folder: string): Promise<string[]> {
    return this.file.update((current) => {
      const imageFolders = (current.imageFolders ?? []).filter((f) => f !== folder);
      return { next: { ...current, imageFolders }, result: imageFolders };
    });
  }
}

function findProject(file: DatasetsFile, projectId: number): ProjectEntry {
  const project = file.projects.find((p) => p.id === projectId);
  if (!project) {
    throw new AppError({
      code: 'unknown_project',
      message: `Project ${projectId} is not in your list of projects.`,
      hint: 'Create it, or add it by its id.',
    });
  }
  return project;
}

function pickDefined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
