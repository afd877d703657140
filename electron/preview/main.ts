/**
 * `npm run preview`: the main-process services in plain Node behind the loopback bridge,
 * serving the built renderer. Same handlers as the Electron shell; never packaged.
 */
import { randomBytes } from 'node:crypto';
import { homedir } from 'node:os';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyConfig, readConfig } from '../core/config.js';
import { createHandlers } from '../app/handlers.js';
import { createServices } from '../app/services.js';
import { startBridgeServer, type BridgeServer } from './bridgeServer.js';
import { UserDesk } from './userDesk.js';
import { deskRoutes, DESK_PREFIX, DESK_TOKEN_HEADER } from './userDeskRoutes.js';

declare const __APP_VERSION__: string;

const here = dirname(fileURLToPath(import.meta.url));
// Never packaged; its keys live under a keychain namespace of their own, not the app's.
const config = applyConfig(readConfig({ shell: 'preview', isPackaged: false }));
const dataDir = config.dataDir ?? join(homedir(), '.groundwork-preview');
const port = process.env.PORT ? Number(process.env.PORT) : 0;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}".`);
  process.exit(2);
}

// What main asks the user (a native dialog in the app) waits at the desk, printed here; the page
// can ask but not answer. A test answers through the desk's routes with the desk token; a person
// at this terminal answers y or n.
const deskToken = randomBytes(32).toString('base64url');
const desk = new UserDesk({
  announce: (q) => console.log(`Groundwork asks (${q.id}): ${q.message} ${q.detail} [y: ${q.confirmLabel} / n: Cancel]`),
});
if (process.stdin.isTTY) {
  createInterface({ input: process.stdin }).on('line', (line) => {
    const oldest = desk.questions()[0];
    if (oldest && /^[yn]/i.test(line.trim())) desk.answer(oldest.id, /^y/i.test(line.trim()));
  });
}

// The services are built before the server that relays their events, so events go through this holder.
const relay: { bridge?: BridgeServer } = {};
const services = await createServices({
  shell: 'preview',
  version: __APP_VERSION__,
  dataDir,
  samplesDir: join(here, '..', '..', 'resources', 'samples'),
  keychainService: config.keychainService,
  addresses: config.addresses,
  emit: (event) => relay.bridge?.emit(event),
  userInMain: desk,
});

// An uncaught error still ends the preview, but through the logger: its stack lands in
// <data>/logs/main.log, a known place to look, with every key the app has seen redacted
// (Node's default handler prints it to stderr as it is).
const fatal = (what: string) => (error: unknown) => {
  services.logger.error(what, { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
};
process.on('uncaughtException', fatal('uncaught exception'));
process.on('unhandledRejection', fatal('unhandled rejection'));

const bridge = await startBridgeServer({
  handlers: createHandlers(services),
  logger: services.logger,
  rendererDir: join(here, '..', 'renderer'),
  bridgeClientFile: join(here, 'bridge-client.js'),
  port,
  desk: deskRoutes(desk, deskToken),
});
relay.bridge = bridge;
services.logger.info('preview started', { port: bridge.port, dataDir });
console.log(`Preview user desk: token ${deskToken} (header ${DESK_TOKEN_HEADER}; ${DESK_PREFIX}/questions, /answer, /clipboard)`);
console.log(`Preview ready at ${bridge.url}`);

const stop = () => {
  void Promise.all([bridge.close(), services.close()]).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
