import type { ResourceLimits } from 'node:worker_threads';

/**
 * The parser host's messages (parserHost.ts on main, hostEntry.ts in the child). The host only
 * starts worker threads from files main names and relays their messages: what a worker thread
 * does (the engine, the result model, the search index) is unchanged by where it runs.
 */
export type ToParserHost =
  | { kind: 'spawn'; id: number; file: string; resourceLimits: ResourceLimits }
  /** `move`: the message's own buffers move on into the thread rather than being copied again. */
  | { kind: 'post'; id: number; message: unknown; move: boolean }
  | { kind: 'terminate'; id: number };

export type FromParserHost =
  /** The thread has started running (Worker's `online`): from here on its time is its own, not the host's start. */
  | { kind: 'online'; id: number }
  | { kind: 'message'; id: number; message: unknown }
  | { kind: 'error'; id: number; error: { name: string; message: string; code?: string } }
  | { kind: 'exit'; id: number; code: number };

/** The file the host is bundled to, beside main's bundle in dist/electron/. */
export const PARSER_HOST_FILE = 'parser-host.cjs';
/** The guard every thread in the host loads first (`--import`), beside it. */
export const PARSER_HOST_GUARD_FILE = 'parser-host-guard.mjs';
