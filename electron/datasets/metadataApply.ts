import type { ImageMetadataEntry } from '../../shared/contracts/v1Datasets.js';
import { batches } from '../../shared/datasets/pending.js';
import type { ApplyResult, FailedPart, MetadataAppend, ProjectEntry } from '../../shared/datasets/registry.js';
import { AppError } from '../../shared/errors.js';
import type { AppEvent } from '../../shared/events.js';
import { errorForRenderer } from '../core/internalError.js';
import type { Logger } from '../core/log.js';
import type { ProjectRegistry } from './projectRegistry.js';
import type { V1Clients } from './v1Clients.js';

export const DEFAULT_APPLY_BATCH = 250;

export interface MetadataApplyDeps {
  logger: Logger;
  emit(event: AppEvent): void;
}

/** Metadata values sent to the service for chosen media or all of a project's, the answers recorded on the board. */
export class MetadataApply {
  constructor(
    private readonly store: ProjectRegistry,
    private readonly clients: V1Clients,
    private readonly deps: MetadataApplyDeps,
  ) {}

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
    const { client } = await this.clients.forProject(projectId);
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
    const { project: known, client } = await this.clients.forProject(projectId);
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
}
