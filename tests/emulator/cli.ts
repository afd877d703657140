/**
 * `npm run emulator -- [--port N] [--key v2:KEY] [--key analyzer:KEY] [--key v1:KEY]
 *   [--pair KEY:SECRET] [--org N:KEY[,KEY…]] [--pending-ms N] [--processing-ms N] [--max-concurrent N]
 *   [--latency MS] [--fail-pages 2,3] [--fail-jobs] [--fault JSON] [--no-legacy-jobs]
 *   [--builder pdf-text|deterministic] [--sdk-shaped[=SEED]]`
 * See README.md. Prints one ready line with the URL.
 */
import { parseArgs } from 'node:util';
import type { FaultRequest } from './faults.js';
import { DEMO_KEYS, parseKeyFlags } from './keys.js';
import { deterministicParseBuilder } from './parseResult/deterministicBuilder.js';
import { pdfTextParseBuilder } from './parseResult/pdfTextBuilder.js';
import { startEmulator } from './server.js';

// `--sdk-shaped` alone means seed 1 (parseArgs wants a value for a string option).
const args = process.argv.slice(2).map((arg) => (arg === '--sdk-shaped' ? '--sdk-shaped=1' : arg));

const { values } = parseArgs({
  args,
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    key: { type: 'string', multiple: true, default: [] },
    pair: { type: 'string', multiple: true, default: [] },
    org: { type: 'string', multiple: true, default: [] },
    'pending-ms': { type: 'string' },
    'processing-ms': { type: 'string' },
    'max-concurrent': { type: 'string' },
    latency: { type: 'string' },
    'fail-pages': { type: 'string' },
    'fail-jobs': { type: 'boolean', default: false },
    fault: { type: 'string', multiple: true, default: [] },
    'no-legacy-jobs': { type: 'boolean', default: false },
    builder: { type: 'string', default: 'pdf-text' },
    'sdk-shaped': { type: 'string' },
    'sdk-shaped-rate': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log('See tests/emulator/README.md for every flag.');
  process.exit(0);
}

const number = (name: string, raw: string | undefined, fallback: number) => {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} expects a non-negative number; got "${raw}"`);
  return n;
};

const faults: FaultRequest[] = values.fault.map((json) => JSON.parse(json) as FaultRequest);
if (values.latency) faults.push({ fault: { kind: 'latency', ms: number('latency', values.latency, 0) } });
if (values['fail-pages']) faults.push({ fault: { kind: 'failPages', pages: values['fail-pages'].split(',').map(Number) } });
if (values['fail-jobs']) faults.push({ fault: { kind: 'failJob' } });

const BUILDERS = { 'pdf-text': pdfTextParseBuilder, deterministic: deterministicParseBuilder };
const builder = BUILDERS[values.builder as keyof typeof BUILDERS];
if (!builder) throw new Error(`--builder expects pdf-text or deterministic; got "${values.builder}"`);

const sdkSeedText = values['sdk-shaped'];
const sdkSeed = sdkSeedText === undefined ? undefined : Number(sdkSeedText);
if (sdkSeed !== undefined && !Number.isInteger(sdkSeed)) throw new Error(`--sdk-shaped expects an integer seed; got "${sdkSeedText}"`);
const sdkRate = values['sdk-shaped-rate'] === undefined ? undefined : Number(values['sdk-shaped-rate']);
if (sdkRate !== undefined && !(sdkRate >= 0 && sdkRate <= 1)) throw new Error(`--sdk-shaped-rate expects a number in [0, 1]`);

const configured = parseKeyFlags(values.key, values.pair, values.org);
const anyKeys = configured.v2.length + configured.analyzer.length + configured.v1.length + configured.pairs.length > 0;

const emulator = await startEmulator({
  host: values.host,
  port: number('port', values.port, 0),
  keys: anyKeys ? configured : DEMO_KEYS,
  timings: {
    pendingMs: number('pending-ms', values['pending-ms'], 200),
    processingMs: number('processing-ms', values['processing-ms'], 800),
  },
  ...(values['max-concurrent'] ? { maxConcurrent: number('max-concurrent', values['max-concurrent'], Infinity) } : {}),
  faults,
  seedLegacyJobs: !values['no-legacy-jobs'],
  builder,
  ...(sdkSeed !== undefined ? { sdkShaped: { seed: sdkSeed, ...(sdkRate !== undefined ? { rate: sdkRate } : {}) } } : {}),
});

console.log(`Emulator ready at ${emulator.url}`);
if (sdkSeed !== undefined) console.log(`SDK-shaped answers, seed ${sdkSeed}`);
if (!anyKeys)
  console.log(
    'Demo keys: v2 demo-v2-key, analyzer demo-analyzer-key, v1 demo-v1-key, legacy pair demo-legacy-key:demo-legacy-secret; ' +
      'another organization: v2 other-org-v2-key, v1 other-org-v1-key',
  );

const stop = () => void emulator.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
