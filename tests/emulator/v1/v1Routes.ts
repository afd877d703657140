import type { EmulatorContext, RequestInfo } from '../context.js';
import { documentKind } from '../rules/documentKind.js';
import { formFile, HttpAnswer, readJsonBody, v1Detail, v1Validation } from '../httpKit.js';
import { BodyRules, data, pathInteger } from './bodyRules.js';
import type { ProjectRecord } from './v1Store.js';
import { zipArchive } from '../zipArchive.js';

/**
 * The v1 operations (v1.bodies.data-envelope). Request bodies are plain JSON (not wrapped);
 * answers wrap their result in `data`. Not-shown choices: success is 200 everywhere,
 * `PUT …/active` answers `{data: project}`, an unknown project or id is 404
 * `{detail: "…"}`.
 */
export function v1Route(ctx: EmulatorContext, info: RequestInfo): HttpAnswer | null {
  const org = ctx.keys.organizationOf(info.principal);
  const { method, path } = info;
  if (method === 'POST' && path === '/v1/projects') return createProject(ctx, info, org);

  const m = /^\/v1\/projects\/([^/]+)(\/.*)?$/.exec(path);
  if (!m) return null;
  const rest = m[2] ?? '';
  const routes: [string, RegExp, (p: ProjectRecord, groups: string[]) => HttpAnswer][] = [
    ['PUT', /^\/active$/, (p) => setActive(p, info)],
    ['POST', /^\/tags$/, (p) => createTag(ctx, p, info)],
    ['POST', /^\/tags\/([^/]+)$/, (p, g) => updateTag(p, info, pathInteger('tag_id', g[0]!))],
    ['POST', /^\/metadata$/, (p) => createMetadata(ctx, p, info)],
    ['POST', /^\/metadata\/([^/]+)$/, (p, g) => updateMetadata(p, info, pathInteger('metadata_id', g[0]!))],
    ['POST', /^\/images\/metadata$/, (p) => setImageMetadata(p, info)],
    ['POST', /^\/train$/, (p) => train(ctx, p, info)],
    ['GET', /^\/train\/([^/]+)\/results\/metrics$/, (p, g) => metrics(p, g[0]!)],
    ['POST', /^\/dataset\/snapshots\/([^/]+)\/export$/, (p, g) => exportSnapshot(ctx, p, info, pathInteger('snapshot_version', g[0]!))],
  ];
  for (const [routeMethod, pattern, handle] of routes) {
    const match = pattern.exec(rest);
    if (!match) continue;
    if (routeMethod !== method) return v1Detail(405, 'Method Not Allowed');
    const projectId = pathInteger('project_id', m[1]!);
    const project = ctx.v1.project(org, projectId);
    if (!project) throw v1Detail(404, `Project ${projectId} not found.`);
    return handle(project, match.slice(1));
  }
  return null;
}

function json(info: RequestInfo): BodyRules {
  const parsed = readJsonBody(info.body);
  if (!parsed.ok) throw v1Validation([{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }]);
  return new BodyRules(parsed.value);
}

function createProject(ctx: EmulatorContext, info: RequestInfo, org: number): HttpAnswer {
  const rules = json(info);
  const name = rules.string('name', true);
  rules.done();
  return data(ctx.v1.createProject(org, name!).project);
}

function setActive(p: ProjectRecord, info: RequestInfo): HttpAnswer {
  const rules = json(info);
  const isActive = rules.boolean('isActive', true);
  rules.done();
  p.project.isActive = isActive!;
  return data(p.project);
}

function createTag(ctx: EmulatorContext, p: ProjectRecord, info: RequestInfo): HttpAnswer {
  // v1.tags.timeout: an integer, or left out for the default; an empty `timeout=` is no integer (FastAPI answers 422).
  const timeout = info.query.get('timeout');
  if (timeout !== null && !/^\d+$/.test(timeout)) {
    throw v1Validation([
      { loc: ['query', 'timeout'], msg: 'Input should be a valid integer, unable to parse string as an integer', type: 'int_parsing' },
    ]);
  }
  const rules = json(info);
  const name = rules.string('name', true);
  // v1.tags.name-required: the body is `{name}`; the contract's `required` marks the name as required, it is not a field.
  for (const field of Object.keys(rules.body))
    if (field !== 'name') rules.add(['body', field], 'Extra inputs are not permitted', 'extra_forbidden');
  if (name && [...p.tags.values()].some((t) => t.name.toLowerCase() === name.toLowerCase()))
    rules.add(['body', 'name'], `A tag named "${name}" already exists.`);
  rules.done();
  const id = ctx.v1.newId();
  const now = new Date().toISOString();
  const tag = { name: name!, id, orgId: p.org, isArchived: false, createdAt: now, updatedAt: now, color: ctx.v1.color(id) };
  p.tags.set(id, tag);
  return data(tag);
}

function updateTag(p: ProjectRecord, info: RequestInfo, tagId: number): HttpAnswer {
  const tag = p.tags.get(tagId);
  if (!tag) throw v1Detail(404, `Tag ${tagId} not found.`);
  const rules = json(info);
  const name = rules.string('name', true);
  rules.done();
  tag.name = name!;
  tag.updatedAt = new Date().toISOString();
  return data(tag);
}

function createMetadata(ctx: EmulatorContext, p: ProjectRecord, info: RequestInfo): HttpAnswer {
  const rules = json(info);
  const name = rules.string('name', true);
  const allowMultiple = rules.boolean('allowMultiple', false);
  const predefinedChoices = rules.stringArray('predefinedChoices');
  if (name && [...p.metadata.values()].some((d) => d.name === name)) rules.add(['body', 'name'], `Metadata "${name}" already exists.`);
  rules.done();
  const id = ctx.v1.newId();
  const choices = predefinedChoices ?? [];
  const definition = {
    name: name!,
    type: choices.length > 0 ? 'multiSelect' : 'text',
    allowMultiple: allowMultiple ?? false,
    predefinedChoices: choices,
    id,
    valueFlexible: choices.length === 0,
  };
  p.metadata.set(id, definition);
  return data(definition);
}

function updateMetadata(p: ProjectRecord, info: RequestInfo, metadataId: number): HttpAnswer {
  const definition = p.metadata.get(metadataId);
  if (!definition) throw v1Detail(404, `Metadata ${metadataId} not found.`);
  const rules = json(info);
  const name = rules.string('name', false);
  const allowMultiple = rules.boolean('allowMultiple', false);
  const append = rules.stringArray('predefinedChoicesAppend');
  const valueFlexible = rules.boolean('valueFlexible', false);
  if (name !== undefined && name.trim() === '') rules.add(['body', 'name'], 'String should have at least 1 character', 'string_too_short');
  rules.done();
  if (name !== undefined) definition.name = name;
  if (allowMultiple !== undefined) definition.allowMultiple = allowMultiple;
  if (valueFlexible !== undefined) definition.valueFlexible = valueFlexible;
  if (append) definition.predefinedChoices = [...new Set([...definition.predefinedChoices, ...append])];
  if (definition.predefinedChoices.length > 0) definition.type = 'multiSelect';
  return data(definition);
}

function setImageMetadata(p: ProjectRecord, info: RequestInfo): HttpAnswer {
  const rules = json(info);
  const append = rules.object('metadataAppend', true);
  const mediaIds = rules.integerArray('mediaIds');
  const allMedia = rules.boolean('allMedia', false);
  if (!allMedia && (!mediaIds || mediaIds.length === 0)) rules.add(['body', 'mediaIds'], 'Give mediaIds or set allMedia to true.');
  for (const id of mediaIds ?? []) if (!p.media.has(id)) rules.add(['body', 'mediaIds'], `Media ${id} is not in project ${p.project.id}.`);
  const byName = new Map([...p.metadata.values()].map((d) => [d.name, d]));
  for (const [key, value] of Object.entries(append ?? {})) {
    const definition = byName.get(key);
    if (!definition) rules.add(['body', 'metadataAppend', key], `No metadata named "${key}" in this project.`);
    else if (!definition.valueFlexible && definition.predefinedChoices.length > 0) {
      const values = Array.isArray(value) ? value : [value];
      if (!definition.allowMultiple && values.length > 1) rules.add(['body', 'metadataAppend', key], `"${key}" takes one value.`);
      for (const v of values)
        if (!definition.predefinedChoices.includes(String(v)))
          rules.add(['body', 'metadataAppend', key], `"${String(v)}" is not a choice of "${key}".`);
    }
  }
  rules.done();
  const targets = allMedia ? [...p.media.keys()] : mediaIds!;
  const entries = targets.map((mediaId) => {
    const metadata = { ...p.media.get(mediaId), ...append };
    p.media.set(mediaId, metadata);
    return { metadata, mediaId };
  });
  return data(entries);
}

function train(ctx: EmulatorContext, p: ProjectRecord, info: RequestInfo): HttpAnswer {
  const rules = json(info);
  const model = rules.object('model', true);
  if (model) {
    if (typeof model.architecture !== 'string' || !model.architecture)
      rules.add(['body', 'model', 'architecture'], 'Field required', 'missing');
    const hyper = model.hyperParams as Record<string, unknown> | undefined;
    if (
      hyper !== undefined &&
      (typeof hyper !== 'object' ||
        hyper === null ||
        (hyper.epochs !== undefined && (!Number.isInteger(hyper.epochs) || (hyper.epochs as number) < 1)))
    ) {
      rules.add(['body', 'model', 'hyperParams', 'epochs'], 'Input should be a positive integer', 'int_type');
    }
  }
  const transforms = rules.object('transforms', false);
  const augmentations = Array.isArray(transforms?.augmentations)
    ? (transforms.augmentations as Record<string, Record<string, unknown>>[])
    : [];
  augmentations.forEach((aug, i) => {
    const p = aug.horizontalFlip?.p;
    if (p !== undefined && (typeof p !== 'number' || p < 0 || p > 1))
      rules.add(['body', 'transforms', 'augmentations', i, 'horizontalFlip', 'p'], 'Input should be a probability from 0 to 1');
  });
  if (p.tags.size === 0) rules.add(['body'], 'The project has no tags to train on; create tags first.');
  rules.done();
  const id = ctx.v1.newTrainingId();
  p.trainings.set(id, {
    architecture: String(model!.architecture),
    epochs: Number((model!.hyperParams as { epochs?: number } | undefined)?.epochs ?? 10),
    classes: p.tags.size,
    metricsAt: Date.now() + ctx.v1.metricsDelayMs,
  });
  return data(id);
}

function metrics(p: ProjectRecord, trainingId: string): HttpAnswer {
  const training = p.trainings.get(trainingId);
  if (!training) throw v1Detail(404, `Training ${trainingId} not found.`);
  // v1.training.metrics-pending: a run still training has no metrics yet, answered as an empty list.
  if (Date.now() < training.metricsAt) return data([]);
  const tags = [...p.tags.values()];
  const split = (name: string, base: number) => {
    const score = (i: number) => Math.round((base - i * 0.02) * 1000) / 1000;
    return {
      name,
      classes: tags.map((t, i) => ({ id: t.id, performance: score(i), recall: score(i + 1), precision: score(i) })),
      metrics: [{ name: 'mAP', performance: score(0), recall: score(1), precision: score(0) }],
    };
  };
  return data([split('train', 0.95), split('dev', 0.88), split('test', 0.86)]);
}

function exportSnapshot(ctx: EmulatorContext, p: ProjectRecord, info: RequestInfo, version: number): HttpAnswer {
  const rules = json(info);
  rules.boolean('retry', false);
  if (version < 1) rules.add(['path', 'snapshot_version'], 'Snapshot versions start at 1.');
  rules.done();
  const expiresAt = new Date(Date.now() + 60 * 60_000);
  const name = `snapshot-${p.project.id}-v${version}.zip`;
  ctx.storage.put(name, zipArchive({ 'README.txt': `emulated snapshot ${version} of project ${p.project.id}` }), 'application/zip');
  const downloadUrl = `${ctx.baseUrl()}/__storage/${name}?Expires=${Math.floor(expiresAt.getTime() / 1000)}`;
  return data({ status: 'Started', downloadUrl, downloadExpiresAt: expiresAt.toISOString() });
}

/**
 * `POST /inference/v1/predict?endpoint_id=<id>` stands in for a deployment's endpoint:
 * multipart field `file` holding an image. The result shape is not shown; the emulator
 * answers a small classification-style prediction.
 */
export async function inference(info: RequestInfo): Promise<HttpAnswer> {
  const endpointId = info.query.get('endpoint_id');
  if (!endpointId) throw v1Validation([{ loc: ['query', 'endpoint_id'], msg: 'Field required', type: 'missing' }]);
  const file = info.form ? await formFile(info.form, 'file') : null;
  if (!file) throw v1Validation([{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }]);
  if (documentKind(file.bytes) !== 'image')
    throw v1Validation([{ loc: ['body', 'file'], msg: 'The file must be an image.', type: 'value_error' }]);
  const score = Math.round((0.5 + (file.bytes.byteLength % 50) / 100) * 1000) / 1000;
  return new HttpAnswer(200, {
    backbonetype: null,
    type: 'ClassificationPrediction',
    predictions: { labelName: 'ok', labelIndex: 0, score },
    endpoint_id: endpointId,
    latency: { preprocess_s: 0.001, infer_s: 0.01, postprocess_s: 0.001 },
  });
}
