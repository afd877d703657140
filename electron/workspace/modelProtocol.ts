import type { AppErrorData } from '../../shared/errors.js';

/** What main asks the model worker: build the model of the stored response at `path`. */
export interface ModelBuildRequest {
  id: number;
  path: string;
  kind: 'parse' | 'analyzer';
}

/** The cache file's bytes (header and model, see modelFile.ts), or why there are none. */
export type ModelBuildAnswer = { id: number; ok: true; file: Uint8Array } | { id: number; ok: false; error: AppErrorData };
