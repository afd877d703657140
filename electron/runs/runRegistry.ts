import { AppError } from '../../shared/errors.js';

/** Where a run's work is done: a cloud service may have done, and charged for, some of it before a cancel. */
export type RunPlace = 'cloud' | 'local';

/** A run stopped at the reviewer's word: nothing stored, and (in the cloud) the service may have done some of it. */
function cancelledRun(place: RunPlace): AppError {
  return new AppError({
    code: 'cancelled',
    message: 'The run was cancelled; nothing was stored.',
    hint:
      place === 'cloud'
        ? 'A cloud service may already have done, and charged for, what was sent before the cancel. Run it again when you are ready.'
        : 'It ran on this computer only: nothing was sent or charged. Run it again when you are ready.',
  });
}

/** How many cancels of runs not started yet are remembered; older ones are forgotten first. */
const EARLY_CANCELS_KEPT = 1000;

/**
 * Long work the renderer can cancel: each run is registered under the id the renderer
 * chose, so "cancel" can name it before the run has answered. A cancel can even come before
 * the run's own request (the renderer shows Cancel at once, and the two requests can cross):
 * that run then stops as it starts.
 */
export class RunRegistry {
  private readonly running = new Map<string, AbortController>();
  private readonly cancelledEarly = new Set<string>();

  async run<T>(runId: string, work: (signal: AbortSignal) => Promise<T>, place: RunPlace = 'cloud'): Promise<T> {
    if (this.running.has(runId)) {
      throw new AppError({ code: 'run_exists', message: 'A run with this id is already going.' });
    }
    if (this.cancelledEarly.delete(runId)) throw cancelledRun(place);
    const controller = new AbortController();
    this.running.set(runId, controller);
    try {
      return await work(controller.signal);
    } catch (error) {
      // Whatever the run was doing when it was told to stop (a request, a wait for a retry), it says one thing.
      throw controller.signal.aborted ? cancelledRun(place) : error;
    } finally {
      this.running.delete(runId);
    }
  }

  /** Work a request may name as a run: registered when it names one, else done as it is. */
  runIfNamed<T>(runId: string | undefined, work: (signal?: AbortSignal) => Promise<T>): Promise<T> {
    return runId === undefined ? work() : this.run(runId, work);
  }

  /**
   * True when the run was going and has been told to stop. Otherwise the id is remembered: a run
   * that starts under it later is cancelled as it starts (one that has ended never starts again).
   */
  cancel(runId: string): boolean {
    const controller = this.running.get(runId);
    if (controller) {
      controller.abort();
      return true;
    }
    this.cancelledEarly.add(runId);
    if (this.cancelledEarly.size > EARLY_CANCELS_KEPT) this.cancelledEarly.delete(this.cancelledEarly.values().next().value!);
    return false;
  }
}
