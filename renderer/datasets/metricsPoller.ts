import { METRICS_POLL, metricsPollDelay, retryableMetricsError, trainingState } from '../../shared/datasets/metricsPolling.js';
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
  /** True when polling stopped because the run had been asked `METRICS_POLL.maxChecks` times. */
  gaveUp?: boolean;
}

export interface PollerDeps {
  /** Rejects with an AppError (the IPC client's errors). */
  fetchMetrics(projectId: number, trainingId: string): Promise<ProjectEntry>;
  onProject(project: ProjectEntry): void;
  onStatus(trainingId: string, status: PollStatus | null): void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Asks for the metrics of every run still waiting, each on its own backoff, until they come
 * (the contract has no status endpoint to ask instead) or `METRICS_POLL.maxChecks` checks were
 * made. At most one check per run is in flight: a timer, "Check now" and a registry load join
 * it rather than start another. `stopAll` (leaving the screen) and `stopProject` (forgetting
 * or leaving a project) also drop the answers of checks still in flight.
 */
export function createMetricsPoller(deps: PollerDeps) {
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const timers = new Map<string, unknown>();
  const inFlight = new Map<string, Promise<void>>();
  const statuses = new Map<string, PollStatus>();
  // Bumped for each run when it is stopped: a check that started before must not re-arm it.
  const generations = new Map<string, number>();

  const report = (trainingId: string, status: PollStatus | null) => {
    if (status) statuses.set(trainingId, status);
    else statuses.delete(trainingId);
    deps.onStatus(trainingId, status);
  };

  const schedule = (projectId: number, trainingId: string, checks: number, error: AppError | null) => {
    if (checks >= METRICS_POLL.maxChecks) return report(trainingId, { projectId, checks, nextAt: null, error, gaveUp: true });
    const delay = metricsPollDelay(checks);
    report(trainingId, { projectId, checks, nextAt: Date.now() + delay, error });
    timers.set(
      trainingId,
      setTimer(() => void check(projectId, trainingId), delay),
    );
  };

  const ask = async (projectId: number, trainingId: string, generation: number) => {
    const checks = (statuses.get(trainingId)?.checks ?? 0) + 1;
    const current = () => (generations.get(trainingId) ?? 0) === generation;
    try {
      const project = await deps.fetchMetrics(projectId, trainingId);
      if (!current()) return;
      deps.onProject(project);
      const training = project.trainings.find((t) => t.id === trainingId);
      if (!training || trainingState(training) === 'ready') return report(trainingId, null);
      schedule(projectId, trainingId, checks, null);
    } catch (thrown) {
      if (!current()) return;
      const error =
        thrown instanceof AppError
          ? thrown
          : new AppError({ code: 'unexpected', message: String(thrown), hint: 'Use Check now to ask again.' });
      if (retryableMetricsError(error)) schedule(projectId, trainingId, checks, error);
      else report(trainingId, { projectId, checks, nextAt: null, error });
    }
  };

  /** Runs one check, or joins the one already in flight for this run. */
  const check = (projectId: number, trainingId: string): Promise<void> => {
    const going = inFlight.get(trainingId);
    if (going) return going;
    const timer = timers.get(trainingId);
    if (timer !== undefined) clearTimer(timer);
    timers.delete(trainingId);
    const asked: Promise<void> = ask(projectId, trainingId, generations.get(trainingId) ?? 0).finally(() => {
      if (inFlight.get(trainingId) === asked) inFlight.delete(trainingId);
    });
    inFlight.set(trainingId, asked);
    return asked;
  };

  const stop = (trainingId: string) => {
    const timer = timers.get(trainingId);
    if (timer !== undefined) clearTimer(timer);
    timers.delete(trainingId);
    inFlight.delete(trainingId);
    generations.set(trainingId, (generations.get(trainingId) ?? 0) + 1);
    if (statuses.has(trainingId)) report(trainingId, null);
  };
  const tracked = () => new Set([...timers.keys(), ...inFlight.keys(), ...statuses.keys()]);

  return {
    /** Starts polling a run from the first delay, unless it is already watched (waiting, in flight or given up). */
    watch(projectId: number, trainingId: string) {
      if (timers.has(trainingId) || inFlight.has(trainingId) || statuses.has(trainingId)) return;
      schedule(projectId, trainingId, 0, null);
    },
    /** Every waiting run of the registry (after a load), or of one project of it. */
    watchWaiting(registry: DatasetsRegistry, onlyProject?: number | null) {
      for (const project of registry.projects) {
        if (onlyProject !== undefined && project.id !== onlyProject) continue;
        for (const training of project.trainings) if (trainingState(training) === 'waiting') this.watch(project.id, training.id);
      }
    },
    /** Asks now (the "Check now" button), then goes on with the backoff if still waiting; joins a check already in flight. */
    checkNow(projectId: number, trainingId: string): Promise<void> {
      return check(projectId, trainingId);
    },
    /** Stops every run of one project (forgotten, or no longer the one shown). */
    stopProject(projectId: number) {
      for (const id of tracked()) if (statuses.get(id)?.projectId === projectId) stop(id);
    },
    stopAll() {
      for (const id of tracked()) stop(id);
    },
  };
}
