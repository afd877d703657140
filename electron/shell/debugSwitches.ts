/**
 * The switches that open a running app to a debugger from outside: whoever attaches can run
 * script in the window and in main, where the keys are. A packaged app refuses to start with
 * one; from a checkout they stay (developers use them). The fuses already turn off Node's
 * --inspect; these are Chromium's, which no fuse covers.
 */
export const REMOTE_DEBUGGING_SWITCHES = ['remote-debugging-port', 'remote-debugging-pipe'] as const;

/** The remote-debugging switch the app was started with (on its command line or added to Chromium's), or null. */
export function remoteDebuggingSwitch(argv: readonly string[], hasSwitch: (name: string) => boolean): string | null {
  for (const name of REMOTE_DEBUGGING_SWITCHES) {
    const flag = `--${name}`;
    if (hasSwitch(name) || argv.some((arg) => arg === flag || arg.startsWith(`${flag}=`))) return flag;
  }
  return null;
}

/** What the user is told when a packaged app will not start with one. */
export function remoteDebuggingRefusal(flag: string): { title: string; message: string } {
  return {
    title: 'Groundwork did not start',
    message:
      `Groundwork was started with ${flag}, which would let another program control it and read your API keys. ` +
      'Start Groundwork again without it (from its own icon or shortcut); if a shortcut adds it, remove it there.',
  };
}
