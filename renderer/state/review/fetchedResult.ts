import { AppError } from '../../../shared/errors.js';
import { decodeModel } from '../../../shared/grounding/modelBytes.js';
import type { ParseModel } from '../../../shared/grounding/parseModel.js';
import { modelOfResult } from '../../../shared/grounding/resultModel.js';
import { parseStoredResult, type ResultInfo, type StoredResult } from '../../../shared/result.js';
import type { Client } from '../../ipc/client.js';

/** A parse or analyzer result on its way to the screen: what is stored about it now, its model when asked. */
export interface FetchedResult {
  result: StoredResult;
  model(): Promise<ParseModel>;
}

/**
 * Fetches the result a review shows. A parse result comes as its result model's bytes,
 * built and cached in main: its response (tens of MB for a long document) never crosses
 * IPC nor is parsed here — a run's answer in hand too: its model is built in main's worker
 * (begun when the run stored it), not on this thread. The older analyzer's comes whole, since
 * its fields live in its response (it is small).
 */
export async function fetchResult(
  api: Client,
  id: string,
  known: { kind?: ResultInfo['kind'] | undefined; stored?: StoredResult | undefined },
): Promise<FetchedResult> {
  const whole = (result: StoredResult): FetchedResult => ({ result, model: async () => modelOfResult(result) });
  if (known.stored?.id === id && known.stored.kind === 'analyzer') return whole(known.stored);
  if (known.kind === 'analyzer') return whole(parseStoredResult(await api.results.get({ id })));
  const answer = await api.results.model({ id });
  if (answer.result.kind === 'analyzer') return whole(parseStoredResult(await api.results.get({ id })));
  return {
    result: { ...answer.result, response: undefined },
    async model() {
      try {
        return decodeModel(answer.model);
      } catch (error) {
        // Bytes this window cannot read (a cache of a format it does not know): built again once from the result.
        if (!(error instanceof AppError) || error.code !== 'unreadable_model') throw error;
        return decodeModel((await api.results.model({ id, rebuild: true })).model);
      }
    },
  };
}
