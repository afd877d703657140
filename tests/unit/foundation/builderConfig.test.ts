import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
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
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['keytar', 'pdfjs-dist']);
    expect(config.asarUnpack).toContain('node_modules/keytar/**');
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
