import { utilityProcess } from 'electron';
import { goneOnce, type HostChannel, type HostLauncher } from '../parserHost/hostLauncher.js';
import type { FromParserHost } from '../parserHost/hostProtocol.js';

/**
 * The app's parser host: an Electron utility process (a Node process of Chromium's own, not
 * main, and never `ELECTRON_RUN_AS_NODE`, which the fuses turn off), with the stripped
 * environment and flags ParserHost gives it. Same messages as the preview's Node child.
 */
export const utilityProcessHost: HostLauncher = ({ file, execArgv, env }) => {
  const child = utilityProcess.fork(file, [], {
    env,
    execArgv,
    serviceName: 'Groundwork document reader',
    stdio: 'inherit',
    // macOS: what runs there is not the app's for privacy prompts (it reads untrusted files).
    disclaim: true,
  });
  const { gone, onGone, isGone } = goneOnce();
  child.on('exit', (code) => gone(`exit code ${code}`));
  child.on('error', (type, location) => gone(`${type} at ${location}`));
  const channel: HostChannel = {
    get pid() {
      return child.pid;
    },
    send: (message) => {
      if (!isGone()) child.postMessage(message);
    },
    onMessage: (listener) => child.on('message', (message: FromParserHost) => listener(message)),
    onGone,
    kill: () => void child.kill(),
    // Electron's app runs until it quits; a utility process never holds it open.
    ref: () => undefined,
    unref: () => undefined,
  };
  return channel;
};
