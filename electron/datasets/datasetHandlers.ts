import { withoutUndefined } from '../../shared/withoutUndefined.js';
import type { HandlerTable } from '../core/ipcDispatch.js';
import type { RunRegistry } from '../runs/runRegistry.js';
import type { Datasets } from './datasets.js';

type DatasetChannel = Extract<
  keyof HandlerTable,
  `datasets:${string}` | `training:${string}` | `snapshots:${string}` | `inference:${string}`
>;

/**
 * The datasets / training / snapshots / inference handlers, spread into createHandlers; each calls
 * the one domain it belongs to. Only the services they use, so datasets/ stays below the wiring.
 */
export function createDatasetHandlers({ datasets, runs }: { datasets: Datasets; runs: RunRegistry }): Pick<HandlerTable, DatasetChannel> {
  const { projects, media, apply, training, snapshots, inference } = datasets;
  return {
    'datasets:registry': () => projects.registry(),
    'datasets:createProject': ({ keyId, name }) => projects.createProject(keyId, name),
    'datasets:addProject': ({ keyId, projectId, name }) => projects.addProject(keyId, projectId, name),
    'datasets:forgetProject': async ({ projectId }) => {
      await projects.forgetProject(projectId);
      return null;
    },
    'datasets:setProjectKey': ({ projectId, keyId }) => projects.setProjectKey(projectId, keyId),
    'datasets:setActive': ({ projectId, isActive }) => projects.setActive(projectId, isActive),
    'datasets:setSettings': (settings) => projects.setSettings(settings),
    'datasets:createTag': ({ projectId, name, keyId }) => projects.createTag(projectId, name, keyId),
    'datasets:renameTag': ({ projectId, tagId, name }) => projects.renameTag(projectId, tagId, name),
    'datasets:createMetadata': ({ projectId, ...body }) => projects.createMetadata(projectId, body),
    'datasets:updateMetadata': ({ projectId, metadataId, ...body }) =>
      projects.updateMetadata(projectId, metadataId, withoutUndefined(body)),
    'datasets:importMedia': ({ projectId, fileName, text }) => media.importMedia(projectId, fileName, text),
    'datasets:addMediaIds': ({ projectId, text }) => media.addMediaIds(projectId, text),
    'datasets:removeMedia': ({ projectId, mediaIds }) => media.removeMedia(projectId, mediaIds),
    'datasets:thumbnail': ({ projectId, mediaId }) => media.thumbnail(projectId, mediaId),
    'datasets:dropImages': ({ projectId, images, rule }) => media.dropImages(projectId, images, rule),
    'datasets:allowImageFolder': ({ folder }) => media.allowChosenImageFolder(folder),
    'datasets:forgetImageFolder': ({ folder }) => media.forgetImageFolder(folder),
    'datasets:applyMetadata': (request) => runs.run(request.runId, (signal) => apply.applyMetadata(request, signal)),
    'datasets:applyToAll': ({ projectId, metadataAppend, confirmProjectName }) =>
      apply.applyToAll(projectId, metadataAppend, confirmProjectName),
    'training:start': ({ projectId, request }) => training.startTraining(projectId, request),
    'training:metrics': ({ projectId, trainingId }) => training.trainingMetrics(projectId, trainingId),
    'snapshots:export': ({ projectId, version, retry }) => snapshots.exportSnapshot(projectId, version, retry),
    'snapshots:chooseFolder': () => snapshots.chooseDownloadFolder(),
    'snapshots:download': (request) => runs.run(request.runId, (signal) => snapshots.downloadSnapshot(request, signal)),
    'snapshots:showInFolder': ({ projectId, downloadUrl }) => snapshots.showDownloadInFolder(projectId, downloadUrl),
    'inference:run': ({ runId, keyId, projectId, endpointUrl, fileName, bytes }) =>
      runs.run(runId, (signal) => inference.infer(keyId, endpointUrl, fileName, bytes, projectId, signal)),
  };
}
