import type { AppEvent } from '../../shared/events.js';
import { AppError } from '../../shared/errors.js';
import { originOf } from '../api/keyDestinations.js';

/**
 * Whether each service origin answers the job polls sent to it. The JobPoller tells it every
 * poll's outcome; it tells the renderer only when an origin goes from answering to not (or
 * back), so the status bar shows an outage within one poll and clears by itself.
 */
export class ServiceHealth {
  /** Origins whose polls fail right now, with the time of the first failure. */
  private readonly unreachable = new Map<string, string>();

  constructor(private readonly emit: (event: AppEvent) => void) {}

  /** A poll to `address` got no usable answer at `at` (ISO); answers with the outage's start. */
  failed(address: string, at: string): string {
    const origin = originFor(address);
    const since = this.unreachable.get(origin);
    if (since) return since;
    this.unreachable.set(origin, at);
    this.emit({ type: 'service', origin, unreachableSince: at });
    return at;
  }

  answered(address: string): void {
    const origin = originFor(address);
    if (!this.unreachable.delete(origin)) return;
    this.emit({ type: 'service', origin, unreachableSince: null });
  }

  /** Origins unreachable now (tests, and whoever needs the state rather than its changes). */
  snapshot(): Array<{ origin: string; unreachableSince: string }> {
    return [...this.unreachable].map(([origin, unreachableSince]) => ({ origin, unreachableSince }));
  }
}

/**
 * Failures that say the service is not there right now, rather than that it refused this
 * job: no connection, a dropped one, no answer in time, or a 5xx. A 429 is an answer.
 */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  if (['network_error', 'connection_reset', 'timeout'].includes(error.code)) return true;
  return error.status !== undefined && error.status >= 500;
}

function originFor(address: string): string {
  try {
    return originOf(address);
  } catch {
    return address;
  }
}
