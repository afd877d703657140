import { fork } from 'node:child_process';
import type { FromParserHost, ToParserHost } from './hostProtocol.js';

/** How main starts the parser host: what it runs, with which flags and environment. */
export interface HostStart {
  /** The host's bundle (dist/electron/parser-host.cjs). */
  file: string;
  execArgv: string[];
  env: Record<string, string>;
}

/** One running parser host as main sees it: the same messages whichever way it was started. */
export interface HostChannel {
  readonly pid: number | undefined;
  send(message: ToParserHost): void;
  onMessage(listener: (message: FromParserHost) => void): void;
  /** Called once, when the process is gone (exited, killed, or never started), with why. */
  onGone(listener: (why: string) => void): void;
  kill(): void;
  /** Whether the host keeps main's event loop alive (Node's child process only; Electron's app runs until quit anyway). */
  ref(): void;
  unref(): void;
}

export type HostLauncher = (start: HostStart) => HostChannel;

/**
 * A host's end, told once whichever way it comes (exit, error, a failed start) and to a
 * listener added after it too: both launchers' `onGone`.
 */
export function goneOnce(): { gone(why: string): void; onGone: HostChannel['onGone']; isGone(): boolean } {
  let listener: ((why: string) => void) | null = null;
  let goneWhy: string | null = null;
  return {
    gone: (why) => {
      if (goneWhy !== null) return;
      goneWhy = why;
      listener?.(why);
    },
    onGone: (next) => {
      listener = next;
      if (goneWhy !== null) next(goneWhy);
    },
    isGone: () => goneWhy !== null,
  };
}

/**
 * The preview's and the tests' host: a Node child process with an IPC channel. Advanced
 * serialization carries typed arrays as bytes (no JSON of numbers), as utilityProcess does.
 */
export const forkHost: HostLauncher = ({ file, execArgv, env }) => {
  const child = fork(file, [], { execArgv, env, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { gone, onGone, isGone } = goneOnce();
  child.on('exit', (code, signal) => gone(signal ? `signal ${signal}` : `exit code ${code}`));
  child.on('error', (error) => {
    gone(`it could not be started or reached: ${error.message}`);
    child.kill('SIGKILL');
  });
  return {
    pid: child.pid,
    send: (message) => {
      if (!isGone() && child.connected) child.send(message);
    },
    onMessage: (listener) => child.on('message', (message) => listener(message as FromParserHost)),
    onGone,
    kill: () => child.kill('SIGKILL'),
    ref: () => {
      child.ref();
      child.channel?.ref();
    },
    unref: () => {
      child.unref();
      child.channel?.unref();
    },
  };
};
