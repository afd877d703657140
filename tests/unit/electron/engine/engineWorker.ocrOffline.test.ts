import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { letterScan, mixedPdf, scanPng } from '../../../support/scans.js';

// OCR runs with no network at all: the engine's worker (as the app bundles it) reads a scan
// in a child Node whose every thread (the worker and the recognizer's own thread too: a
// preload runs in each) has sockets, DNS and fetch replaced by a tripwire that logs the
// attempt. It runs in an empty folder, which must stay empty: nothing is cached to disk.

const workerPath = process.env.GROUNDWORK_ENGINE_WORKER!;
const dir = mkdtempSync(join(tmpdir(), 'groundwork-ocr-offline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TRIPWIRE = `
const { appendFileSync } = require('node:fs');
const trip = (what) => { appendFileSync(process.env.NET_LOG, what + '\\n'); throw new Error('network is off: ' + what); };
const net = require('node:net');
net.Socket.prototype.connect = function () { trip('socket connect'); };
const dns = require('node:dns');
dns.lookup = () => trip('dns.lookup');
dns.promises.lookup = async () => trip('dns.promises.lookup');
globalThis.fetch = async (url) => trip('fetch ' + String(url));
`;

const RUN = `
import { Worker } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
const [workerPath, file, filename] = process.argv.slice(2);
const bytes = new Uint8Array(readFileSync(file));
const worker = new Worker(workerPath);
worker.on('message', (message) => {
  if (message.type !== 'result' && message.type !== 'error') return;
  process.stdout.write(JSON.stringify(message));
  void worker.terminate();
});
worker.postMessage({ task: 'parse', bytes, options: {}, filename, pageBudgetMs: 20000, skipPages: [] }, [bytes.buffer]);
`;

function runOffline(bytes: Uint8Array, filename: string) {
  const cwd = mkdtempSync(join(dir, 'cwd-'));
  const input = join(dir, `${filename}.in`);
  writeFileSync(input, bytes);
  writeFileSync(join(dir, 'tripwire.cjs'), TRIPWIRE);
  writeFileSync(join(dir, 'run.mjs'), RUN);
  const log = join(dir, `${filename}.net.log`);
  writeFileSync(log, '');
  const child = spawnSync(process.execPath, ['--require', join(dir, 'tripwire.cjs'), join(dir, 'run.mjs'), workerPath, input, filename], {
    cwd,
    env: { ...process.env, NET_LOG: log },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { child, message: JSON.parse(child.stdout || 'null'), attempts: readFileSync(log, 'utf8'), leftInCwd: readdirSync(cwd) };
}

describe('OCR offline', () => {
  it('the tripwire works: a fetch in the worker is caught and logged', () => {
    const cwd = mkdtempSync(join(dir, 'probe-'));
    writeFileSync(join(dir, 'tripwire.cjs'), TRIPWIRE);
    const log = join(dir, 'probe.net.log');
    writeFileSync(log, '');
    const probe = `new (require('node:worker_threads').Worker)("fetch('https://example.com').catch(() => {})", { eval: true });`;
    spawnSync(process.execPath, ['--require', join(dir, 'tripwire.cjs'), '-e', probe], {
      cwd,
      env: { ...process.env, NET_LOG: log },
      timeout: 20_000,
    });
    expect(readFileSync(log, 'utf8')).toContain('fetch https://example.com');
  });

  it('reads an image and a scanned PDF page with no network request and no file written', async () => {
    const image = runOffline(scanPng(letterScan(['Offline receipt 8812'])), 'receipt.png');
    expect(image.child.stderr).not.toMatch(/network is off/);
    expect(image.message?.type, image.child.stderr).toBe('result');
    expect(image.message.response.markdown).toContain('Offline receipt 8812');
    expect(image.attempts).toBe('');
    expect(image.leftInCwd).toEqual([]);

    const pdf = runOffline(await mixedPdf([{ kind: 'scan', spec: letterScan(['Offline scanned page']) }]), 'scan.pdf');
    expect(pdf.message?.type, pdf.child.stderr).toBe('result');
    expect(pdf.message.response.markdown).toContain('Offline scanned page');
    expect(pdf.attempts).toBe('');
    expect(pdf.leftInCwd).toEqual([]);
  }, 60_000);
});
