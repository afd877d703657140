import { z } from 'zod';
import {
  dataEnvelope,
  imageMetadataEntrySchema,
  metadataDefinitionSchema,
  projectSchema,
  snapshotExportSchema,
  splitMetricsSchema,
  tagSchema,
  type CreateMetadataRequest,
  type CreateTagRequest,
  type ImageMetadataEntry,
  type ImageMetadataRequest,
  type MetadataDefinition,
  type Project,
  type SnapshotExport,
  type SplitMetrics,
  type Tag,
  type TrainingRequest,
  type UpdateMetadataRequest,
} from '../../shared/contracts/v1Datasets.js';
import { trainingIdSchema } from '../../shared/ipc/ids.js';
import { isHttpUrl } from '../../shared/outputSaveUrl.js';
import { endpointFor, type ClientConfig } from './clientEndpoint.js';
import type { DocumentFile } from './preflight/documentInput.js';
import { preflightError } from './preflight/preflightError.js';
import { readJson } from './responses.js';
import { callService, jsonBody, type CallOptions, type ServiceEndpoint } from './serviceCall.js';

/**
 * The v1 project, dataset and training client (v1.bodies.data-envelope). Bodies are JSON; answers
 * wrap their result in `data`, which is returned verbatim after validation. Validation
 * errors arrive as `{detail:[…]}` and become field-level messages (serviceErrors.ts).
 */
export class V1Client {
  private readonly endpoint: ServiceEndpoint;

  constructor(config: ClientConfig) {
    this.endpoint = endpointFor(config);
  }

  /** Whether this client's key may be sent to `url` (its service, or a host confirmed for inference). */
  mayCall(url: string): boolean {
    return this.endpoint.allowedOrigins.includes(new URL(url).origin);
  }

  createProject(body: { name: string }, options?: CallOptions): Promise<Project> {
    return this.post('/v1/projects', body, projectSchema, 'project', options);
  }

  /** The success body is not shown in the contract; whatever comes back is returned as is. */
  async setProjectActive(projectId: number, isActive: boolean, options?: CallOptions): Promise<unknown> {
    const response = await callService(
      this.endpoint,
      { method: 'PUT', path: `${this.project(projectId)}/active`, ...jsonBody({ isActive }) },
      options,
    );
    return response.text ? readJson(response, z.unknown(), 'project update') : null;
  }

  createTag(projectId: number, body: CreateTagRequest, query: { timeout?: number | null } = {}, options?: CallOptions): Promise<Tag> {
    // v1.tags.timeout: "integer or null, default 60". A query string cannot write null (an empty `timeout=` is no
    // integer: 422), so null, like undefined, is left out and the service takes its default; an integer goes as is.
    return this.post(`${this.project(projectId)}/tags`, { name: body.name }, tagSchema, 'tag', options, { timeout: query.timeout });
  }

  updateTag(projectId: number, tagId: number, body: { name: string }, options?: CallOptions): Promise<Tag> {
    return this.post(`${this.project(projectId)}/tags/${positiveId(tagId, 'tag_id')}`, body, tagSchema, 'tag', options);
  }

  createMetadata(projectId: number, body: CreateMetadataRequest, options?: CallOptions): Promise<MetadataDefinition> {
    return this.post(`${this.project(projectId)}/metadata`, body, metadataDefinitionSchema, 'metadata definition', options);
  }

  updateMetadata(projectId: number, metadataId: number, body: UpdateMetadataRequest, options?: CallOptions): Promise<MetadataDefinition> {
    return this.post(
      `${this.project(projectId)}/metadata/${positiveId(metadataId, 'metadata_id')}`,
      body,
      metadataDefinitionSchema,
      'metadata definition',
      options,
    );
  }

  setImageMetadata(projectId: number, body: ImageMetadataRequest, options?: CallOptions): Promise<ImageMetadataEntry[]> {
    return this.post(`${this.project(projectId)}/images/metadata`, body, z.array(imageMetadataEntrySchema), 'image metadata', options);
  }

  /** Starts training; resolves to the training id used by `trainingMetrics`. */
  train(projectId: number, body: TrainingRequest, options?: CallOptions): Promise<string> {
    return this.post(`${this.project(projectId)}/train`, body, z.string(), 'training id', options);
  }

  async trainingMetrics(projectId: number, trainingId: string, options?: CallOptions): Promise<SplitMetrics[]> {
    if (!trainingIdSchema.safeParse(trainingId).success) {
      throw preflightError(
        'validation_error',
        'training_id',
        `"${trainingId}" is not a training id.`,
        'Use the id that starting the training returned.',
      );
    }
    const response = await callService(
      this.endpoint,
      { method: 'GET', path: `${this.project(projectId)}/train/${trainingId}/results/metrics` },
      options,
    );
    return readJson(response, dataEnvelope(z.array(splitMetricsSchema)), 'training metrics').data;
  }

  exportSnapshot(
    projectId: number,
    snapshotVersion: number,
    body: { retry: boolean } = { retry: false },
    options?: CallOptions,
  ): Promise<SnapshotExport> {
    return this.post(
      `${this.project(projectId)}/dataset/snapshots/${positiveId(snapshotVersion, 'snapshot_version')}/export`,
      body,
      snapshotExportSchema,
      'snapshot export',
      options,
    );
  }

  /**
   * Posts an image as multipart field `file` to a deployment's own endpoint URL, with this
   * client's `apikey` (and `apisecret` for legacy pairs). The result shape is not shown.
   */
  async infer(endpointUrl: string, image: DocumentFile, options?: CallOptions): Promise<unknown> {
    if (!isHttpUrl(endpointUrl)) {
      throw preflightError(
        'invalid_url',
        'endpoint',
        `The inference endpoint must be an http(s) URL; got "${endpointUrl}".`,
        'Copy the endpoint URL from the deployment page.',
      );
    }
    const form = new FormData();
    form.set('file', new Blob([image.bytes as Uint8Array<ArrayBuffer>]), image.filename);
    const response = await callService(this.endpoint, { method: 'POST', path: endpointUrl, body: form }, options);
    return readJson(response, z.unknown(), 'inference result');
  }

  private project(projectId: number): string {
    return `/v1/projects/${positiveId(projectId, 'project_id')}`;
  }

  private async post<S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    what: string,
    options?: CallOptions,
    query?: Record<string, string | number | null | undefined>,
  ): Promise<z.infer<S>> {
    const response = await callService(this.endpoint, { method: 'POST', path, ...jsonBody(body), ...(query ? { query } : {}) }, options);
    return readJson(response, dataEnvelope(schema), what).data as z.infer<S>;
  }
}

/** Path ids are integers (v1.paths.integer-ids); anything else would build a wrong URL. */
function positiveId(id: number, field: string): number {
  if (!Number.isInteger(id) || id < 0) {
    throw preflightError('validation_error', field, `${field} must be a whole number; got ${id}.`, 'Pick the item again from its list.');
  }
  return id;
}
