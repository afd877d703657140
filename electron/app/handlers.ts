import { appInfo } from './appInfo.js';
import { readSearchSettings, updateSearchSettings } from '../search/searchScope.js';
import { createDatasetHandlers } from '../datasets/datasetHandlers.js';
import { importDocumentFromUrl } from '../documents/importFromUrl.js';
import { importDocument, unlockDocument } from '../documents/unlockDocument.js';
import type { HandlerTable } from '../core/ipcDispatch.js';
import { createJobHandlers } from '../jobs/jobHandlers.js';
import { importResult } from '../runs/importResult.js';
import { runExtract } from '../runs/extractRuns.js';
import { openSample } from './openSample.js';
import { runParse } from './parseRun.js';
import { rerunFailedPages } from './rerunPages.js';
import { resultInfoOf } from '../../shared/result.js';
import type { Services } from './services.js';

/** The handler table: IPC channel → service call. Shared by the Electron shell and the preview bridge. */
export function createHandlers(services: Services): HandlerTable {
  const { keys, notices, workspace, runs, reviews, rules } = services;
  return {
    'app:info': async () => appInfo(services),
    'app:dismissNotice': async ({ id }) => {
      notices.dismiss(id);
      return null;
    },

    'keys:list': () => keys.list(),
    'keys:defaults': async () => services.addresses,
    'keys:add': (request) => keys.add(request),
    'keys:copySecret': ({ id, part }) => keys.copySecret(id, part),
    'keys:rename': ({ id, name }) => keys.rename(id, name),
    'keys:setEnabled': ({ id, enabled }) => keys.setEnabled(id, enabled),
    'keys:setAddress': ({ id, address }) => keys.setAddress(id, address),
    'keys:delete': async ({ id }) => {
      await keys.delete(id);
      return null;
    },
    'keys:test': ({ id }) => keys.test(id),
    'keys:allowInferenceHost': ({ id, endpointUrl }) => keys.allowInferenceHost(id, endpointUrl),
    'keys:forgetInferenceHost': ({ id, origin }) => keys.forgetInferenceHost(id, origin),

    'documents:import': (request) => importDocument(services, request),
    'documents:importUrl': (request) => importDocumentFromUrl(services, request),
    'documents:unlock': (request) => unlockDocument(services, request),
    'documents:read': ({ id }) => workspace.documentBytes(id),
    'library:list': (request) => workspace.libraryPart(request),
    'library:trash': () => workspace.listTrash(),
    'library:delete': (request) => workspace.moveToTrash(request),
    'library:restore': ({ trashId }) => workspace.restore(trashId),
    'results:get': ({ id }) => workspace.resultText(id),
    'results:model': ({ id, rebuild }) => workspace.resultModel(id, { rebuild }),
    'results:import': async (request) => resultInfoOf(await importResult(workspace, request)),
    'runs:parse': (request) =>
      runs.run(request.runId, (signal) => runParse(services, request, signal), request.engine === 'local' ? 'local' : 'cloud'),
    'runs:extract': (request) => runExtract(services, request),
    'runs:cancel': async ({ runId }) => runs.cancel(runId),
    'runs:rerunPages': async (request) =>
      resultInfoOf(await runs.run(request.runId, (signal) => rerunFailedPages(services, request, signal))),
    'samples:open': ({ name }) => openSample(services, name),

    'reviews:get': ({ extractionId }) => reviews.get(extractionId),
    'reviews:decide': ({ extractionId, path, decision, undo, schema }) =>
      reviews.decide(extractionId, path, decision, { undo: undo === true, schema }),
    'reviews:export': ({ extractionId, format, schema }) => reviews.export(extractionId, format, schema),
    'audit:list': ({ documentId, limit, before }) => reviews.history(documentId, { limit, before }),
    'audit:export': ({ documentId }) => reviews.exportHistory(documentId),
    'queues:create': (request) => services.queues.create(request),
    'queues:list': () => services.queues.list(),
    'queues:get': ({ queueId }) => services.queues.get(queueId),
    'queues:move': ({ queueId, position }) => services.queues.move(queueId, position),
    'queues:close': ({ queueId }) => services.queues.close(queueId),
    'search:query': ({ text, limit }) => services.search.query(text, limit),
    'search:settings': () => readSearchSettings(services.settings),
    'search:setSettings': async (patch) => {
      const updated = await updateSearchSettings(services.settings, patch);
      services.search.changed(); // what the index holds follows the setting at its next sync
      return updated;
    },
    'rules:get': (target) => rules.get(target),
    'rules:save': ({ text, ...target }) => rules.save(target, text),
    'rules:setAside': (target) => rules.setAside(target),
    ...createDatasetHandlers(services),
    ...createJobHandlers(services),
  };
}
