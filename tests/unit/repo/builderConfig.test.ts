import { existsSync, readdirSync, readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { minimatch } from 'minimatch';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

// Packaging cannot run here (electron-builder downloads Electron), so the config is
// checked against electron-builder's own JSON schema and against what the app needs.
const config = load(readFileSync('electron-builder.yml', 'utf8')) as Record<string, unknown> & {
  files: string[];
  asarUnpack: string[];
  asar: boolean;
  electronFuses: Record<string, boolean>;
};
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { main: string; dependencies: Record<string, string> };

describe('electron-builder.yml', () => {
  it("is valid against electron-builder's schema", () => {
    const schema = JSON.parse(readFileSync('node_modules/app-builder-lib/scheme.json', 'utf8'));
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
    const validate = ajv.compile(schema);
    expect(validate(config), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('packages the main bundle, the preload and the renderer, and never the preview', () => {
    expect(pkg.main).toBe('dist/electron/main.cjs');
    expect(config.files).toContain('dist/electron/**');
    expect(config.files).toContain('dist/renderer/**');
    expect(config.files).toContain('!dist/preview/**');
  });

  it('ships as node_modules only what loads from disk at run time, and unpacks the native one', () => {
    // @cantoo/pdf-lib writes a decrypted copy of an encrypted PDF; tesseract.js and its English data are the offline OCR.
    expect(Object.keys(pkg.dependencies).sort()).toEqual([
      '@napi-rs/canvas',
      '@tesseract.js-data/eng',
      'keytar',
      'pdfjs-dist',
      'tesseract.js',
    ]);
    expect(config.asarUnpack).toContain('node_modules/keytar/**');
  });

  it('ships and unpacks every file OCR reads at run time: the wasm cores, the English data, the canvas addon', () => {
    // As electron-builder sees them: hoisted under the project's node_modules.
    const packageDir = (name: string) => `node_modules/${name}`;
    const core = packageDir('tesseract.js-core');
    const canvasBinary = readdirSync(
      packageDir(`@napi-rs/canvas-${process.platform}-${process.arch}${process.platform === 'linux' ? '-gnu' : ''}`),
    ).find((f) => f.endsWith('.node'));
    const runtimeFiles = [
      // The recognizer thread, and what it requires in Node.
      `${packageDir('tesseract.js')}/src/worker-script/node/index.js`,
      ...['regenerator-runtime', 'is-url', 'bmp-js', 'wasm-feature-detect'].map((name) => `${packageDir(name)}/package.json`),
      // The LSTM cores, whichever the CPU's SIMD support picks, and their wasm read from disk.
      ...['tesseract-core-relaxedsimd-lstm', 'tesseract-core-simd-lstm', 'tesseract-core-lstm'].flatMap((name) => [
        `${core}/${name}.js`,
        `${core}/${name}.wasm`,
      ]),
      `${packageDir('@tesseract.js-data/eng')}/4.0.0_best_int/eng.traineddata.gz`,
      `${packageDir('@napi-rs/canvas')}/index.js`,
      `${packageDir(`@napi-rs/canvas-${process.platform}-${process.arch}${process.platform === 'linux' ? '-gnu' : ''}`)}/${canvasBinary}`,
    ];
    const excluded = config.files.filter((f) => f.startsWith('!')).map((f) => f.slice(1));
    for (const file of runtimeFiles) {
      expect(existsSync(file), file).toBe(true);
      expect(
        excluded.filter((pattern) => minimatch(file, pattern)),
        `${file} is excluded`,
      ).toEqual([]);
      expect(
        config.asarUnpack.some((pattern) => minimatch(file, pattern)),
        `${file} is not unpacked`,
      ).toBe(true);
    }
    // What OCR does not use stays out: the legacy cores, the browser's inlined copies, the larger data.
    for (const file of [
      `${core}/tesseract-core-simd.wasm`,
      `${core}/tesseract-core-simd-lstm.wasm.js`,
      `${packageDir('@tesseract.js-data/eng')}/4.0.0/eng.traineddata.gz`,
    ]) {
      expect(
        excluded.some((pattern) => minimatch(file, pattern)),
        `${file} ships`,
      ).toBe(true);
    }
  });

  it('packs and unpacks the parser host, its guard and the worker threads it runs', () => {
    const excluded = config.files.filter((f) => f.startsWith('!')).map((f) => f.slice(1));
    for (const file of ['parser-host.cjs', 'parser-host-guard.mjs', 'engine-worker.mjs', 'model-worker.mjs', 'search-worker.mjs']) {
      const path = `dist/electron/${file}`;
      expect(
        config.files.some((pattern) => minimatch(path, pattern)),
        `${path} is not packed`,
      ).toBe(true);
      expect(
        excluded.filter((pattern) => minimatch(path, pattern)),
        `${path} is excluded`,
      ).toEqual([]);
      expect(
        config.asarUnpack.some((pattern) => minimatch(path, pattern)),
        `${path} is not unpacked`,
      ).toBe(true);
    }
    // npm run build writes them where those patterns look.
    expect(readFileSync('scripts/build-main.mjs', 'utf8')).toContain("outfile: 'dist/electron/parser-host.cjs'");
    expect(readFileSync('scripts/build-main.mjs', 'utf8')).toContain("outfile: 'dist/electron/parser-host-guard.mjs'");
  });

  it('burns the fuses that would let anyone run the app as Node, inspect it or load code from outside app.asar', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
      loadBrowserProcessSpecificV8Snapshot: false,
    });
    // onlyLoadAppFromAsar and integrity validation are only meaningful with an asar archive.
    expect(config.asar).toBe(true);
  });
});
