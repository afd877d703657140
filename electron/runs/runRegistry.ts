import { AppError } from '../../shared/errors.js';

/**
 * Long work the renderer can cancel: each run is registered under the id the renderer
 * chose, so "cancel" can name it before the run has answered.
 */
export class RunRegistry {
  private readonly running = new Map<string, AbortController>();

  async run<T>(runId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.running.has(runId)) {
      throw new AppError({ code: 'run_exists', message: 'A run with this id is already going.' });
    }
    const controller = new AbortController();
    this.running.set(runId, controller);
    try {
      return await work(controller.signal);
    } finally {
      this.running.delete(runId);
    }
  }

  /** Work a request may name as a run: registered when it names one, else done as it is. */
  runIfNamed<T>(runId: string | undefined, work: (signal?: AbortSignal) => Promise<T>): Promise<T> {
    return runId === undefined ? work() : this.run(runId, work);
  }

  /** True when the run was going and has been told to stop. */
  cancel(runId: string): boolean {
    const controller = this.running.get(runId);
    controller?.abort();
    return controller !== undefined;
  }
}
