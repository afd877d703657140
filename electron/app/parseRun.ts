import type { RequestOut } from '../../shared/ipc/table.js';
import { resultInfoOf, type ParseAnswer } from '../../shared/result.js';
import type { Services } from './services.js';
import { runAnalyzer } from '../runs/cloudRuns.js';
import { runLocalParse } from '../runs/localParse.js';
import { routeCloudParse } from './parseRoute.js';

/**
 * A parse run by the engine it names: the offline engine, the v2 parse service (direct or a job)
 * or the older analyzer. It answers the stored result's info, never the response: the window
 * fetches what it shows (the model) when it opens the result.
 */
export async function runParse(services: Services, request: RequestOut<'runs:parse'>, signal: AbortSignal): Promise<ParseAnswer> {
  switch (request.engine) {
    case 'local':
      return { result: resultInfoOf(await runLocalParse(services, request, signal)) };
    case 'parse': {
      const answer = await routeCloudParse(services, request, signal);
      return 'result' in answer ? { result: resultInfoOf(answer.result) } : answer;
    }
    case 'analyzer':
      return { result: resultInfoOf(await runAnalyzer(services, request, signal)) };
  }
}
