/**
 * The model worker: reads a stored response, parses it and builds its result model as
 * bytes, off main's event loop (a 1,000-page response is tens of MB of JSON). Main sends
 * one request at a time and ends the worker when it has nothing more to build.
 */
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../shared/errors.js';
import { encodeModel } from '../../shared/grounding/modelBytes.js';
import { modelFileBytes } from './modelFile.js';
import type { ModelBuildAnswer, ModelBuildRequest } from './modelProtocol.js';

parentPort?.on('message', (request: ModelBuildRequest) => {
  void build(request).then((answer) => parentPort?.postMessage(answer, answer.ok ? [answer.file.buffer as ArrayBuffer] : []));
});

async function build({ id, path, kind }: ModelBuildRequest): Promise<ModelBuildAnswer> {
  try {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      throw new AppError({
        code: 'result_not_found',
        message: 'That result is not in the workspace.',
        hint: 'It may have been deleted; open it again.',
      });
    }
    let response: unknown;
    try {
      response = JSON.parse(text);
    } catch {
      throw new AppError({
        code: 'unreadable_result',
        message: 'This stored result is not valid JSON.',
        hint: 'Open another result, or run the engine again.',
      });
    }
    text = '';
    return { id, ok: true, file: modelFileBytes(encodeModel({ kind, response })) };
  } catch (error) {
    const data =
      error instanceof AppError
        ? error.toData()
        : {
            code: 'model_build_failed',
            message: `The result model could not be built: ${error instanceof Error ? error.message : String(error)}`,
            hint: 'Open the result again; if it keeps failing, run the engine again.',
          };
    return { id, ok: false, error: data };
  }
}
