/** Bundled to dist/electron/parser-host-guard.mjs: loaded (`--import`) by every thread the parser host starts. */
import { installKeytarGuard } from './keytarGuard.js';

installKeytarGuard();
