import type { RequestOut } from '../../shared/ipc/table.js';
import type { ParseAnswer } from '../../shared/workspace.js';
import type { Services } from './services.js';
import { runAnalyzer } from '../runs/cloudRuns.js';
import { runLocalParse } from '../runs/localParse.js';
import { routeCloudParse } from './parseRoute.js';

/** A parse run by the engine it names: the offline engine, the v2 parse service (direct or a job) or the older analyzer. */
export async function runParse(services: Services, request: RequestOut<'runs:parse'>, signal: AbortSignal): Promise<ParseAnswer> {
  switch (request.engine) {
    case 'local':
      return { result: await runLocalParse(services, request, signal) };
    case 'parse':
      return routeCloudParse(services, request, signal);
    case 'analyzer':
      return { result: await runAnalyzer(services, request, signal) };
  }
}
