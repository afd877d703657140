import { projectSchema } from '../../shared/contracts/v1Datasets.js';
import type { DatasetSettings, DatasetsRegistry, ProjectEntry } from '../../shared/datasets/registry.js';
import { AppError } from '../../shared/errors.js';
import { removeMediaCopies } from './droppedImage.js';
import type { ProjectRegistry } from './projectRegistry.js';
import type { V1Clients } from './v1Clients.js';

/**
 * The v1 projects with their tags and metadata definitions: every call goes through the
 * project's key, and every answer is remembered in the local registry (the contract has no
 * read endpoints).
 */
export class Projects {
  constructor(
    private readonly store: ProjectRegistry,
    private readonly clients: V1Clients,
    /** Where the copies of dropped images are, deleted with their project. */
    private readonly dataDir: string,
  ) {}

  async registry(): Promise<DatasetsRegistry> {
    const file = await this.store.read();
    return {
      projects: file.projects,
      settings: file.settings,
      imageFolders: file.imageFolders ?? [],
      ...(file.downloadFolder ? { downloadFolder: file.downloadFolder } : {}),
    };
  }

  async createProject(keyId: string, name: string): Promise<ProjectEntry> {
    const created = await (await this.clients.client(keyId)).createProject({ name });
    return this.store.upsertProject({
      ...emptyProject(created.id, created.name, keyId, 'created'),
      projectType: created.projectType,
      createdAt: created.createdAt,
      isActive: created.isActive,
    });
  }

  async addProject(keyId: string, projectId: number, name: string | undefined): Promise<ProjectEntry> {
    await this.clients.client(keyId);
    return this.store.upsertProject(emptyProject(projectId, name?.trim() || `Project ${projectId}`, keyId, 'added'));
  }

  /** Forgets a project, then deletes the copies of its dropped images (a crash between leaves only unreferenced files). */
  async forgetProject(projectId: number): Promise<void> {
    await this.store.forget(projectId);
    await removeMediaCopies(this.dataDir, projectId);
  }

  async setProjectKey(projectId: number, keyId: string): Promise<ProjectEntry> {
    await this.clients.client(keyId);
    return this.store.updateProject(projectId, (p) => ({ ...p, keyId }));
  }

  async setActive(projectId: number, isActive: boolean): Promise<ProjectEntry> {
    const { client } = await this.clients.forProject(projectId);
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
    const own = await this.clients.credential(project.keyId);
    const override = keyId ? await this.clients.credential(keyId) : own;
    // The override only changes the header: a key of another address would send the request (and the project id) there.
    if (sameAddress(override.address, own.address) === false) {
      throw new AppError({
        code: 'key_address_mismatch',
        message: `The key ${keyId} talks to ${override.address}, not to ${own.address} where project “${project.name}” is.`,
        hint: "Pick a v1 key with the project key's address, or send with the project's own key.",
        fields: { keyId: 'This key talks to another address.' },
      });
    }
    const client = this.clients.clientFor(override);
    const { settings } = await this.store.read();
    const tag = await client.createTag(projectId, { name }, { timeout: settings.tagTimeout });
    return this.store.updateProject(projectId, (p) => ({ ...p, tags: [...p.tags.filter((t) => t.id !== tag.id), tag] }));
  }

  async renameTag(projectId: number, tagId: number, name: string): Promise<ProjectEntry> {
    const { client } = await this.clients.forProject(projectId);
    const tag = await client.updateTag(projectId, tagId, { name });
    return this.store.updateProject(projectId, (p) => ({ ...p, tags: replaceById(p.tags, tag) }));
  }

  async createMetadata(
    projectId: number,
    body: { name: string; allowMultiple: boolean; predefinedChoices: string[] },
  ): Promise<ProjectEntry> {
    const { client } = await this.clients.forProject(projectId);
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
    const { client } = await this.clients.forProject(projectId);
    const definition = await client.updateMetadata(projectId, metadataId, body);
    return this.store.updateProject(projectId, (p) => ({ ...p, metadata: replaceById(p.metadata, definition) }));
  }
}

function sameAddress(a: string, b: string): boolean {
  const origin = (url: string) => url.trim().replace(/\/+$/, '').toLowerCase();
  return origin(a) === origin(b);
}

export function emptyProject(id: number, name: string, keyId: string, origin: ProjectEntry['origin']): ProjectEntry {
  return { id, name, keyId, origin, addedAt: new Date().toISOString(), tags: [], metadata: [], media: [], trainings: [], exports: [] };
}

function replaceById<T extends { id: number }>(list: T[], item: T): T[] {
  return list.some((x) => x.id === item.id) ? list.map((x) => (x.id === item.id ? item : x)) : [...list, item];
}
