import { withoutUndefined } from '../../shared/withoutUndefined.js';
import type { HandlerTable } from '../core/ipcDispatch.js';
import type { RunRegistry } from '../runs/runRegistry.js';
import type { DatasetsService } from './datasetsService.js';

type DatasetChannel = Extract<
  keyof HandlerTable,
  `datasets:${string}` | `training:${string}` | `snapshots:${string}` | `inference:${string}`
>;

/** The datasets / training / snapshots / inference handlers, spread into createHandlers. */
/** Only the services these handlers use, so datasets/ stays below the wiring that builds them all. */
export function createDatasetHandlers(services: { datasets: DatasetsService; runs: RunRegistry }): Pick<HandlerTable, DatasetChannel> {
  const { datasets } = services;
  return {
    'datasets:registry': () => datasets.registry(),
    'datasets:createProject': ({ keyId, name }) => datasets.createProject(keyId, name),
    'datasets:addProject': ({ keyId, projectId, name }) => datasets.addProject(keyId, projectId, name),
    'datasets:forgetProject': async ({ projectId }) => {
      await datasets.forgetProject(projectId);
      return null;
    },
    'datasets:setProjectKey': ({ projectId, keyId }) => datasets.setProjectKey(projectId, keyId),
    'datasets:setActive': ({ projectId, isActive }) => datasets.setActive(projectId, isActive),
    'datasets:setSettings': (settings) => datasets.setSettings(settings),
    'datasets:createTag': ({ projectId, name, keyId }) => datasets.createTag(projectId, name, keyId),
    'datasets:renameTag': ({ projectId, tagId, name }) => datasets.renameTag(projectId, tagId, name),
    'datasets:createMetadata': ({ projectId, ...body }) => datasets.createMetadata(projectId, body),
    'datasets:updateMetadata': ({ projectId, metadataId, ...body }) =>
      datasets.updateMetadata(projectId, metadataId, withoutUndefined(body)),
    'datasets:importMedia': ({ projectId, fileName, text }) => datasets.importMedia(projectId, fileName, text),
    'datasets:addMediaIds': ({ projectId, text }) => datasets.addMediaIds(projectId, text),
    'datasets:removeMedia': ({ projectId, mediaIds }) => datasets.removeMedia(projectId, mediaIds),
    'datasets:thumbnail': ({ projectId, mediaId }) => datasets.thumbnail(projectId, mediaId),
    'datasets:dropImages': ({ projectId, images, rule }) => datasets.dropImages(projectId, images, rule),
    'datasets:allowImageFolder': ({ folder }) => datasets.allowChosenImageFolder(folder),
    'datasets:forgetImageFolder': ({ folder }) => datasets.forgetImageFolder(folder),
    'datasets:applyMetadata': (request) => services.runs.run(request.runId, (signal) => datasets.applyMetadata(request, signal)),
    'datasets:applyToAll': ({ projectId, metadataAppend, confirmProjectName }) =>
      datasets.applyToAll(projectId, metadataAppend, confirmProjectName),
    'training:start': ({ projectId, request }) => datasets.startTraining(projectId, request),
    'training:metrics': ({ projectId, trainingId }) => datasets.trainingMetrics(projectId, trainingId),
    'snapshots:export': ({ projectId, version, retry }) => datasets.exportSnapshot(projectId, version, retry),
    'snapshots:chooseFolder': () => datasets.chooseDownloadFolder(),
    'snapshots:download': (request) => services.runs.run(request.runId, (signal) => datasets.downloadSnapshot(request, signal)),
    'snapshots:showInFolder': ({ projectId, downloadUrl }) => datasets.showDownloadInFolder(projectId, downloadUrl),
    'inference:run': ({ runId, keyId, projectId, endpointUrl, fileName, bytes }) =>
      services.runs.run(runId, (signal) => datasets.inference(keyId, endpointUrl, fileName, bytes, projectId, signal)),
  };
}
