import { mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import { WORKSPACE_ID_PATTERN, workspaceIdSchema } from '../../shared/ipc/ids.js';
import type { TrashEntry } from '../../shared/library.js';
import { syncDirectory } from '../storage/fsAtomic.js';
import { JsonDirStore } from '../storage/jsonDirStore.js';
import type { Logger } from '../core/log.js';
import { folderIn, TRASHABLE_PATH } from './layout.js';
import { listedDocumentSchema, resultInfoSchema } from './schemas.js';

const manifestSchema = z.object({
  /** 'moving' and 'restoring' exist only while a move is under way; a start-up finds them only after a crash. */
  state: z.enum(['moving', 'trashed', 'restoring']),
  entry: z.object({
    id: workspaceIdSchema,
    trashedAt: z.string(),
    what: z.enum(['document', 'result']),
    document: listedDocumentSchema.extend({ id: workspaceIdSchema }),
    results: z.array(resultInfoSchema.extend({ id: workspaceIdSchema, documentId: workspaceIdSchema })),
  }),
  /** In the order they go to the trash (what lists a thing first); a restore goes backwards. */
  paths: z.array(z.string().regex(TRASHABLE_PATH)),
});
/** The entry is checked as the library's own files are, its ids as workspace ids: they name folders and files here. */
type Manifest = Omit<z.infer<typeof manifestSchema>, 'entry'> & { entry: TrashEntry };

/**
 * The workspace trash: `trash/<entry id>/manifest.json` beside the files it holds, at the
 * same relative paths they had in the workspace (documents/…, results/…, reviews/…).
 *
 * Crash safety: the manifest is written before anything moves and says which way things
 * are going; every step is one rename on the same disk. A start-up that finds a manifest
 * still 'moving' or 'restoring' finishes the move (recover), so no file is ever only half
 * somewhere. A folder without a manifest holds nothing the workspace lacks (nothing moves
 * before the manifest exists, and a finished entry loses its manifest first) and goes.
 * The caller runs these one at a time.
 */
export class Trash {
  private readonly dir: string;
  private readonly manifests: JsonDirStore<Manifest>;

  constructor(
    private readonly root: string,
    private readonly logger: Logger,
  ) {
    this.dir = folderIn(root, 'trash');
    this.manifests = new JsonDirStore<Manifest>({
      dir: this.dir,
      schema: manifestSchema,
      suffix: '/manifest.json',
      label: 'trash entry',
      logger,
      pretty: true,
    });
  }

  /** Moves `paths` (those that exist) into a new entry. */
  async put(entry: TrashEntry, paths: string[]): Promise<void> {
    const manifest: Manifest = { state: 'moving', entry, paths };
    await this.writeManifest(manifest);
    await this.finish(manifest);
  }

  /** Moves an entry's files back and removes the entry. What the workspace has again meanwhile (a re-imported document) is kept. */
  async restore(id: string): Promise<TrashEntry> {
    const manifest = await this.readManifest(id);
    if (manifest?.state !== 'trashed')
      throw new AppError({
        code: 'trash_not_found',
        message: 'That is no longer in the trash.',
        hint: 'It may have been restored already, or removed after 30 days.',
      });
    const restoring: Manifest = { ...manifest, state: 'restoring' };
    await this.writeManifest(restoring);
    await this.finish(restoring);
    return manifest.entry;
  }

  async read(id: string): Promise<TrashEntry | null> {
    const manifest = await this.readManifest(id);
    return manifest?.state === 'trashed' ? manifest.entry : null;
  }

  /** Entries as a user can restore them, newest first. */
  async list(): Promise<TrashEntry[]> {
    const manifests = await Promise.all((await this.entryIds()).map((id) => this.readManifest(id)));
    return manifests
      .filter((m): m is Manifest => m?.state === 'trashed')
      .map((m) => m.entry)
      .sort((a, b) => b.trashedAt.localeCompare(a.trashedAt));
  }

  /** After a crash: finishes the moves it cut short and clears folders left without a manifest. Returns how many moves it finished. */
  async recover(): Promise<number> {
    let finished = 0;
    for (const id of await this.entryIds()) {
      const manifest = await this.readManifest(id);
      if (!manifest) {
        if (await exists(join(this.dir, id, 'manifest.json'))) continue; // unreadable: kept for a person to look at
        await rm(join(this.dir, id), { recursive: true, force: true });
      } else if (manifest.state !== 'trashed') {
        this.logger.warn('finishing an interrupted trash move', { id, state: manifest.state });
        await this.finish(manifest);
        finished++;
      }
    }
    return finished;
  }

  /** Removes for good the entries trashed before `before`; returns them. */
  async purge(before: Date): Promise<TrashEntry[]> {
    const purged: TrashEntry[] = [];
    for (const entry of await this.list()) {
      if (Date.parse(entry.trashedAt) >= before.getTime()) continue;
      await this.remove(entry.id);
      purged.push(entry);
    }
    if (purged.length > 0) this.logger.info('old trash removed', { entries: purged.length });
    return purged;
  }

  private async finish(manifest: Manifest): Promise<void> {
    const entryDir = join(this.dir, manifest.entry.id);
    if (manifest.state === 'restoring') {
      for (const path of [...manifest.paths].reverse()) await moveIfPresent(join(entryDir, path), join(this.root, path));
      await this.remove(manifest.entry.id);
    } else {
      for (const path of manifest.paths) await moveIfPresent(join(this.root, path), join(entryDir, path));
      await this.writeManifest({ ...manifest, state: 'trashed' });
    }
  }

  /** The manifest goes first: from then on the folder is leftovers, whatever a crash leaves of it. */
  private async remove(id: string): Promise<void> {
    await unlink(join(this.dir, id, 'manifest.json')).catch(() => undefined);
    await syncDirectory(join(this.dir, id));
    await rm(join(this.dir, id), { recursive: true, force: true });
  }

  /** Refused before anything is written when a start-up could not read it back. */
  private writeManifest(manifest: Manifest): Promise<void> {
    return this.manifests.write(manifest.entry.id, manifest);
  }

  private async readManifest(id: string): Promise<Manifest | null> {
    if (!WORKSPACE_ID_PATTERN.test(id)) return null;
    const manifest = await this.manifests.read(id);
    return manifest?.entry.id === id ? manifest : null;
  }

  private async entryIds(): Promise<string[]> {
    try {
      const entries = await readdir(this.dir, { withFileTypes: true });
      return entries.filter((e) => e.isDirectory() && WORKSPACE_ID_PATTERN.test(e.name)).map((e) => e.name);
    } catch {
      return [];
    }
  }
}

/**
 * One atomic rename. A missing source was moved already (or never existed); an existing
 * destination is kept and the source left where it is: nothing is ever overwritten.
 */
async function moveIfPresent(from: string, to: string): Promise<void> {
  if (!(await exists(from)) || (await exists(to))) return;
  await mkdir(dirname(to), { recursive: true, mode: 0o700 });
  await rename(from, to);
  await syncDirectory(dirname(to));
  await syncDirectory(dirname(from));
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
