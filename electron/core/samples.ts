import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../shared/errors.js';
import type { SampleName } from '../../shared/ipc/runs.js';

/** The sample opened when none is named (the first run's). */
export const DEFAULT_SAMPLE: SampleName = 'invoice.pdf';

/** The bytes of a bundled sample document (resources/samples). */
export async function readSample(samplesDir: string, name: SampleName): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(join(samplesDir, name)));
  } catch {
    throw new AppError({
      code: 'sample_missing',
      message: `The sample document ${name} is missing from ${samplesDir}.`,
      hint: 'Rebuild the samples with `npm run samples`, or reinstall the app.',
    });
  }
}
