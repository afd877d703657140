import { AppError } from '../../shared/errors.js';
import type { HandlerTable } from '../ipcDispatch.js';
import { USER_CALL_POLICY } from '../runs/retryProgress.js';
import type { Services } from '../services.js';
import { DatasetsService } from './datasetsService.js';
import { folderToAllow } from './imageFolders.js';
import { archiveName } from './archiveName.js';
import { DownloadFolders } from './downloadFolder.js';
import { downloadArchive } from './snapshotDownload.js';

type DatasetChannel = Extract<keyof HandlerTable, `datasets:${string}` | `training:${string}` | `snapshots:${string}` | `inference:${string}`>;

/** The datasets / training / snapshots / inference handlers, spread into createHandlers. */
export function createDatasetHandlers(
  services: Services,
  datasets = new DatasetsService({ ...services, clientOptions: { retry: { policy: USER_CALL_POLICY } } }),
): Pick<HandlerTable, DatasetChannel> {
  const folders = new DownloadFolders(services.chooseFolder);
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
    'datasets:createTag': ({ projectId, name }) => datasets.createTag(projectId, name),
    'datasets:renameTag': ({ projectId, tagId, name }) => datasets.renameTag(projectId, tagId, name),
    'datasets:createMetadata': ({ projectId, ...body }) => datasets.createMetadata(projectId, body),
    'datasets:updateMetadata': ({ projectId, metadataId, ...body }) => datasets.updateMetadata(projectId, metadataId, body),
    'datasets:importMedia': ({ projectId, fileName, text }) => datasets.importMedia(projectId, fileName, text),
    'datasets:addMediaIds': ({ projectId, text }) => datasets.addMediaIds(projectId, text),
    'datasets:removeMedia': ({ projectId, mediaIds }) => datasets.removeMedia(projectId, mediaIds),
    'datasets:thumbnail': ({ projectId, mediaId }) => datasets.thumbnail(projectId, mediaId),
    'datasets:allowImageFolder': async ({ folder }) => {
      const chosen = await folderToAllow(services.chooseFolder, folder);
      return chosen === null ? (await datasets.registry()).imageFolders : datasets.allowImageFolder(chosen);
    },
    'datasets:forgetImageFolder': ({ folder }) => datasets.forgetImageFolder(folder),
    'datasets:applyMetadata': (request) => services.runs.run(request.runId, (signal) => datasets.applyMetadata(request, signal)),
    'datasets:applyToAll': ({ projectId, metadataAppend, confirmProjectName }) => datasets.applyToAll(projectId, metadataAppend, confirmProjectName),
    'training:start': ({ projectId, request }) => datasets.startTraining(projectId, request),
    'training:metrics': ({ projectId, trainingId }) => datasets.trainingMetrics(projectId, trainingId),
    'snapshots:export': ({ projectId, version, retry }) => datasets.exportSnapshot(projectId, version, retry),
    'snapshots:chooseFolder': async () => ({ folder: await folders.choose() }),
    'snapshots:download': async ({ runId, projectId, downloadUrl, folder }) => {
      const project = await datasets.store.project(projectId);
      const record = project.exports.find((e) => e.downloadUrl === downloadUrl);
      if (!record) {
        throw new AppError({ code: 'unknown_download', message: 'This download link did not come from an export of this project.', hint: 'Export the snapshot first.' });
      }
      const expires = Date.parse(record.downloadExpiresAt);
      if (Number.isFinite(expires) && expires <= Date.now()) {
        throw new AppError({ code: 'download_expired', message: `The download link of snapshot v${record.version} expired at ${record.downloadExpiresAt}.`, hint: 'Export the snapshot again for a fresh link.' });
      }
      const destination = await folders.resolve(folder);
      const result = await services.runs.run(runId, (signal) =>
        downloadArchive({ url: downloadUrl, folder: destination, fileName: archiveName(downloadUrl, `snapshot-${projectId}-v${record.version}.zip`), taskId: runId, emit: services.emit, signal }),
      );
      await datasets.store.updateProject(projectId, (p) => ({ ...p, exports: p.exports.map((e) => (e.downloadUrl === downloadUrl ? { ...e, downloadedTo: result.path } : e)) }));
      return result;
    },
    'inference:run': ({ keyId, endpointUrl, fileName, bytes }) => datasets.inference(keyId, endpointUrl, fileName, bytes),
  };
}
