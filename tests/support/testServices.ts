import { rm } from 'node:fs/promises';
import { createLogger } from '../../electron/core/log.js';
import { createServices, type Services, type ServicesOptions } from '../../electron/app/services.js';
import { memoryKeychain } from './memoryKeychain.js';

/**
 * The services as the preview builds them, over `dataDir`, for a test: the sample
 * documents, a quiet logger, and a keychain in memory unless the test names its own
 * keychain service (to go through the OS keychain) or keychain.
 */
export function testServices(dataDir: string, options: Partial<Omit<ServicesOptions, 'dataDir'>> = {}): Promise<Services> {
  return createServices({
    shell: 'preview',
    version: 'test',
    dataDir,
    samplesDir: 'resources/samples',
    logger: createLogger(null, { console: false }),
    ...(options.keychainService === undefined ? { keychain: memoryKeychain() } : {}),
    ...options,
  });
}

/** Stops the jobs' polling, ends the services as at quit (writes under way finish first), then removes their folder. */
export async function endTestServices(services: Services | undefined, folder: string): Promise<void> {
  services?.jobs.stop();
  await services?.close();
  await rm(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
}
