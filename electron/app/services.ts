import { mkdirSync } from 'node:fs';
import type { AppEvent } from '../../shared/events.js';
import type { DefaultAddresses } from '../../shared/ipc/keys.js';
import { applyNetworkSettings } from '../api/networkLimits.js';
import { activeConfig, KEYCHAIN_SERVICES } from '../core/config.js';
import { createDatasets, type Datasets } from '../datasets/datasets.js';
import { DocumentPasswords } from '../documents/documentPasswords.js';
import { createKeytarKeychain, type Keychain } from '../keys/keychain.js';
import { KeysService } from '../keys/keysService.js';
import { QUIET_START_MS, startHousekeeping, type Housekeeping } from './housekeeping.js';
import { JobsService } from '../jobs/jobsService.js';
import { createLogger, type Logger } from '../core/log.js';
import { Notices } from '../core/notices.js';
import { tightenDataRoot } from '../core/privateFolders.js';
import { NO_USER_IN_MAIN, oneQuestionAtATime, type UserInMain } from '../core/userInMain.js';
import { Queues } from '../review/queues.js';
import { Reviews } from '../review/reviews.js';
import { Rules } from '../rules/rules.js';
import { USER_CALL_POLICY } from '../runs/retryProgress.js';
import { RunRegistry } from '../runs/runRegistry.js';
import { SearchClient } from '../search/searchClient.js';
import { searchScope } from '../search/searchScope.js';
import { createSettingsStore, type SettingsStore } from '../settings/settings.js';
import { Workspace } from '../workspace/workspace.js';

/** Everything the handlers need, built once per process (Electron main or the preview). */
export interface Services {
  shell: 'electron' | 'preview';
  version: string;
  dataDir: string;
  logger: Logger;
  notices: Notices;
  settings: SettingsStore;
  keys: KeysService;
  workspace: Workspace;
  /** Passwords of the PDFs that need one, for this session only (never stored). */
  passwords: DocumentPasswords;
  reviews: Reviews;
  /** Review queues over many documents, kept in the workspace with their place. */
  queues: Queues;
  /** Full text over the workspace's results, kept beside them and following their changes. */
  search: SearchClient;
  rules: Rules;
  runs: RunRegistry;
  /** Creating and following jobs, and their batches; started (resumed from disk) by createServices. */
  jobs: JobsService;
  /** The v1 datasets: projects, media, training, snapshots, inference. */
  datasets: Datasets;
  /** Where the bundled sample documents are. */
  samplesDir: string;
  /** Sends an event to the renderer (progress of long work). */
  emit(event: AppEvent): void;
  /** Default service addresses for new keys. */
  addresses: DefaultAddresses;
  /** The start-up walks over the data folder, running in the background. */
  housekeeping: Housekeeping;
  /**
   * At quit: the catalog, result models and search index being written are written (bounded).
   * Jobs and batches go on meanwhile (stopping them would end the batches' documents as
   * unfinished); the next start resumes them.
   */
  close(): Promise<void>;
}

export interface ServicesOptions {
  shell: 'electron' | 'preview';
  version: string;
  dataDir: string;
  samplesDir: string;
  /** Keychain service name (default: the shell's own); tests use their own so they never touch a user's keys. */
  keychainService?: string;
  /** Default service addresses for new keys (default: the active config's). */
  addresses?: DefaultAddresses;
  keychain?: Keychain;
  logger?: Logger;
  emit?: (event: AppEvent) => void;
  /** The native folder picker: the Electron shell's only (the datasets service asks it); the preview takes a typed folder. */
  chooseFolder?: () => Promise<string | null>;
  /** Shows a saved file in the system file manager: the Electron shell's only. */
  showInFolder?: (path: string) => void;
  /**
   * The user as main asks them, never through the window: a native dialog and the system
   * clipboard in the app, the preview's desk there. Without it every question is a no.
   */
  userInMain?: UserInMain;
  /** How long background work (the walks over the data folder, the search index's sync) waits after start (tests: 0). */
  quietStartMs?: number;
}

/** Builds the services and loads the settings, so start-up notices (a reset file) exist before the first call. */
export async function createServices(options: ServicesOptions): Promise<Services> {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const logger = options.logger ?? createLogger(options.dataDir);
  // On every start, so a folder an older version (or a restore) left readable becomes private:
  // the folder itself now, what is in it once the window is served.
  await tightenDataRoot(options.dataDir, logger);
  const housekeeping = startHousekeeping(options.dataDir, logger, options.quietStartMs);
  const notices = new Notices();
  const settings = createSettingsStore(options.dataDir, { logger, notices });
  const keychain = options.keychain ?? createKeytarKeychain(options.keychainService ?? KEYCHAIN_SERVICES[options.shell]);
  applyNetworkSettings((await settings.read()).network);
  const emit = options.emit ?? (() => undefined);
  let search: SearchClient | null = null;
  const workspace = new Workspace(options.dataDir, logger, (change) => {
    emit({ type: 'workspace', ...change });
    search?.changed();
  });
  const rules = new Rules(workspace);
  // Finishes a trash move a crash cut short, then removes old trash, in the background.
  void workspace.start();
  // The catalog read now, while the window loads: its first listing is the first thing it asks for.
  workspace.library().catch((error: unknown) => logger.warn('library not listed at start', { error: String(error) }));
  search = new SearchClient(workspace.root, searchScope(workspace, settings), logger);
  // Opened and synced with the workspace in the background once the window has its library (telling
  // the worker of 20,000 results holds main for a while); a query before then opens it itself.
  const searchStart = setTimeout(
    () => void search?.start().catch((error: unknown) => logger.warn('search index not opened', { error: String(error) })),
    options.quietStartMs ?? QUIET_START_MS,
  );
  searchStart.unref();
  const addresses = options.addresses ?? activeConfig().addresses;
  const user = oneQuestionAtATime(options.userInMain ?? NO_USER_IN_MAIN);
  const keys = new KeysService({ keychain, settings, logger, notices, defaults: () => addresses, user });
  const passwords = new DocumentPasswords();
  const jobs = new JobsService({ workspace, keys, settings, logger, emit, passwords });
  // Jobs the app started before it stopped are polled again at once, in both shells.
  void jobs.start();
  const datasets = createDatasets({
    dataDir: options.dataDir,
    keys,
    logger,
    notices,
    emit,
    clientOptions: { retry: { policy: USER_CALL_POLICY } },
    ...(options.chooseFolder ? { chooseFolder: options.chooseFolder } : {}),
    ...(options.showInFolder ? { showInFolder: options.showInFolder } : {}),
  });
  const reviews = new Reviews(workspace, rules);
  return {
    shell: options.shell,
    version: options.version,
    dataDir: options.dataDir,
    logger,
    notices,
    settings,
    keys,
    workspace,
    passwords,
    reviews,
    queues: new Queues(workspace, (extraction) => reviews.decidedCount(extraction), rules),
    rules,
    search,
    runs: new RunRegistry(),
    jobs,
    datasets,
    samplesDir: options.samplesDir,
    emit,
    addresses,
    housekeeping,
    close: async () => {
      clearTimeout(searchStart);
      await Promise.all([workspace.close(), search.close(), housekeeping.stop()]);
    },
  };
}
