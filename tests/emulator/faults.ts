/**
 * Fault injection. Faults come per run (CLI flags / constructor option; they stay) or per
 * request (`POST /__control/faults`; each is used up after `times` matching requests).
 * Transport faults (latency, status, drop) act before routing; job and page faults are
 * handed to the handler that creates the work.
 */
export type FaultSpec =
  /** A wait before the request is handled; with `afterWork`, between handling it and answering (the work is visible meanwhile). */
  | { kind: 'latency'; ms: number; afterWork?: boolean }
  /** 429 answers carry `Retry-After` (default "1"); 5xx answers carry it only when given. */
  | { kind: 'status'; status: number; retryAfter?: string }
  /**
   * The socket is destroyed instead of answering: a connection reset. By default before
   * any work; with `afterWork` the request is fully handled first (a job created, a
   * project made, credits spent) and only the answer is lost, as when a proxy or the
   * network fails on the way back.
   */
  | { kind: 'drop'; afterWork?: boolean }
  /** 1-indexed pages that fail: 206 with `metadata.failed_pages` (older tool: `errors[]`). */
  | { kind: 'failPages'; pages: number[] }
  | { kind: 'slowJob'; pendingMs: number; processingMs: number }
  | { kind: 'failJob'; code?: string; message?: string }
  /**
   * The request is handled (the work done, as if billed), then answered with this status and
   * JSON body instead of its own: an answer a client may not be able to read.
   */
  | { kind: 'body'; status: number; body: unknown };

export interface FaultMatch {
  method?: string;
  /** Matches when the request path starts with this. */
  path?: string;
}

export interface FaultRequest {
  fault: FaultSpec;
  match?: FaultMatch;
  /** How many matching requests it applies to; default 1. Per-run faults are unlimited. */
  times?: number;
  /** Chance (0–1) that it applies to a matching request; default 1. */
  probability?: number;
}

interface ArmedFault extends FaultRequest {
  remaining: number;
}

const WORK_PATHS = ['/v2/parse', '/v2/extract', '/v1/tools/agentic-document-analysis'];
const JOB_CREATE_PATHS = ['/v2/parse/jobs', '/v2/extract/jobs'];

/** Where a fault applies when its request names no `match`. */
function defaultApplies(kind: FaultSpec['kind'], method: string, path: string): boolean {
  if (path.startsWith('/__')) return false;
  switch (kind) {
    case 'latency':
    case 'status':
    case 'drop':
      return true;
    case 'failPages':
      return method === 'POST' && (WORK_PATHS.includes(path) || path === '/v2/parse/jobs');
    case 'body':
      return method === 'POST' && WORK_PATHS.includes(path);
    case 'slowJob':
    case 'failJob':
      return method === 'POST' && JOB_CREATE_PATHS.includes(path);
  }
}

export class FaultStore {
  private armed: ArmedFault[] = [];

  constructor(
    private readonly perRun: FaultRequest[] = [],
    private readonly random: () => number = Math.random,
  ) {}

  add(request: FaultRequest): void {
    this.armed.push({ ...request, remaining: request.times ?? 1 });
  }

  clear(): void {
    this.armed = [];
  }

  /** The faults that apply to this request; per-request ones are used up. */
  take(method: string, path: string): FaultSpec[] {
    const applies = (f: FaultRequest) => {
      const m = f.match;
      const matched = m
        ? (!m.method || m.method.toUpperCase() === method) && (!m.path || path.startsWith(m.path))
        : defaultApplies(f.fault.kind, method, path);
      return matched && !path.startsWith('/__') && (f.probability === undefined || this.random() < f.probability);
    };
    const taken: FaultSpec[] = this.perRun.filter(applies).map((f) => f.fault);
    for (const fault of this.armed) {
      if (fault.remaining > 0 && applies(fault)) {
        fault.remaining--;
        taken.push(fault.fault);
      }
    }
    this.armed = this.armed.filter((f) => f.remaining > 0);
    return taken;
  }

  state(): { perRun: FaultRequest[]; pending: { fault: FaultSpec; match?: FaultMatch; remaining: number }[] } {
    return {
      perRun: this.perRun,
      pending: this.armed.map(({ fault, match, remaining }) => ({ fault, ...(match ? { match } : {}), remaining })),
    };
  }
}

export function findFault<K extends FaultSpec['kind']>(faults: FaultSpec[], kind: K): Extract<FaultSpec, { kind: K }> | undefined {
  return faults.find((f): f is Extract<FaultSpec, { kind: K }> => f.kind === kind);
}
