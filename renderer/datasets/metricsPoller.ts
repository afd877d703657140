import { metricsPollDelay, trainingState } from '../../shared/datasets/metricsPolling.js';
import type { DatasetsRegistry, ProjectEntry } from '../../shared/datasets/registry.js';
import { AppError } from '../../shared/errors.js';

/** Where one run's polling stands, for the list ("checked 3 times, next at …"). */
export interface PollStatus {
  projectId: number;
  /** Checks answered so far (an empty list counts). */
  checks: number;
  /** When the next check is due (epoch ms); null when polling stopped. */
  nextAt: number | null;
  /** The last failure; polling goes on after one the service may get over (5xx, 429, network). */
  error: AppError | null;
}

export interface PollerDeps {
  /** Rejects with an AppError (the IPC client's errors). */
  fetchMetrics(projectId: number, trainingId: string): Promise<ProjectEntry>;
  onProject(project: ProjectEntry): void;
  onStatus(trainingId: string, status: PollStatus | null): void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** A failure worth asking again after: the service busy or down, or the network. Anything else (401, 404, 422) stops. */
function transient(error: AppError): boolean {
  return error.status === undefined
    ? error.code !== 'wrong_key_kind' && error.code !== 'unknown_project'
    : error.status === 429 || error.status >= 500;
}

/**
 * Asks for the metrics of every run still waiting, each on its own backoff, until they come
 * (the contract has no status endpoint to ask instead). Runs restart from the first delay
 * whenever the Datasets screen loads the registry, so runs left waiting when the app closed
 * are picked up again.
 */
export function createMetricsPoller(deps: PollerDeps) {
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const timers = new Map<string, unknown>();
  const statuses = new Map<string, PollStatus>();

  const report = (trainingId: string, status: PollStatus | null) => {
    if (status) statuses.set(trainingId, status);
    else statuses.delete(trainingId);
    deps.onStatus(trainingId, status);
  };

  const schedule = (projectId: number, trainingId: string, checks: number, error: AppError | null) => {
    const delay = metricsPollDelay(checks);
    report(trainingId, { projectId, checks, nextAt: Date.now() + delay, error });
    timers.set(
      trainingId,
      setTimer(() => void check(projectId, trainingId), delay),
    );
  };

  const check = async (projectId: number, trainingId: string) => {
    timers.delete(trainingId);
    const checks = (statuses.get(trainingId)?.checks ?? 0) + 1;
    try {
      const project = await deps.fetchMetrics(projectId, trainingId);
      deps.onProject(project);
      const training = project.trainings.find((t) => t.id === trainingId);
      if (!training || trainingState(training) === 'ready') return report(trainingId, null);
      if (!timers.has(trainingId)) schedule(projectId, trainingId, checks, null);
    } catch (thrown) {
      const error = thrown instanceof AppError ? thrown : new AppError({ code: 'unexpected', message: String(thrown) });
      if (transient(error)) schedule(projectId, trainingId, checks, error);
      else report(trainingId, { projectId, checks, nextAt: null, error });
    }
  };

  const stop = (trainingId: string) => {
    const timer = timers.get(trainingId);
    if (timer !== undefined) clearTimer(timer);
    timers.delete(trainingId);
  };

  return {
    /** Starts polling a run from the first delay, unless it is already being polled. */
    watch(projectId: number, trainingId: string) {
      if (timers.has(trainingId)) return;
      schedule(projectId, trainingId, 0, null);
    },
    /** Every waiting run of the registry (after a load). */
    watchWaiting(registry: DatasetsRegistry) {
      for (const project of registry.projects)
        for (const training of project.trainings) if (trainingState(training) === 'waiting') this.watch(project.id, training.id);
    },
    /** Asks now (the "Check now" button), then goes on with the backoff if still waiting. */
    checkNow(projectId: number, trainingId: string): Promise<void> {
      stop(trainingId);
      return check(projectId, trainingId);
    },
    stopAll() {
      for (const id of [...timers.keys()]) stop(id);
      for (const id of [...statuses.keys()]) report(id, null);
    },
  };
}
