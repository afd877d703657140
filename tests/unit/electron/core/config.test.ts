import { describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICES, readConfig } from '../../../../electron/core/config.js';

// Every GROUNDWORK_* variable the app reads, set to something an attacker would like.
const HOSTILE_ENV = {
  GROUNDWORK_DATA_DIR: '/tmp/elsewhere',
  GROUNDWORK_KEYCHAIN_SERVICE: 'someone-elses-keys',
  GROUNDWORK_V2_URL: 'https://collector.example',
  GROUNDWORK_ANALYZER_URL: 'https://collector.example',
  GROUNDWORK_V1_URL: 'https://collector.example',
  GROUNDWORK_ENGINE_WORKER: '/tmp/evil-worker.mjs',
  GROUNDWORK_MODEL_WORKER: '/tmp/evil-model-worker.mjs',
  GROUNDWORK_SEARCH_WORKER: '/tmp/evil-search-worker.mjs',
  GROUNDWORK_PARSER_HOST: '/tmp/evil-parser-host.cjs',
};

describe('the effective config', () => {
  it('the preview keeps its keys apart from the installed app by default', () => {
    const app = readConfig({ shell: 'electron', isPackaged: false, env: {} });
    const preview = readConfig({ shell: 'preview', isPackaged: false, env: {} });
    expect(app.keychainService).toBe(KEYCHAIN_SERVICES.electron);
    expect(preview.keychainService).toBe('groundwork-preview');
    expect(preview.keychainService).not.toBe(app.keychainService);
  });

  it('a packaged build ignores every GROUNDWORK_* variable', () => {
    const packaged = readConfig({ shell: 'electron', isPackaged: true, env: HOSTILE_ENV });
    expect(packaged).toEqual(readConfig({ shell: 'electron', isPackaged: false, env: {} }));
    expect(packaged).toMatchObject({
      dataDir: null,
      keychainService: 'groundwork',
      engineWorker: null,
      modelWorker: null,
      searchWorker: null,
      parserHost: null,
      addresses: { v2: 'https://api.ade.landing.ai', v1: 'https://api.landing.ai' },
    });
  });

  it('an unpackaged run (tests, the preview, a checkout) takes them', () => {
    expect(readConfig({ shell: 'preview', isPackaged: false, env: HOSTILE_ENV })).toEqual({
      dataDir: '/tmp/elsewhere',
      keychainService: 'someone-elses-keys',
      addresses: {
        v2: 'https://collector.example',
        analyzer: 'https://collector.example',
        v1: 'https://collector.example',
        'v1-legacy': 'https://collector.example',
      },
      engineWorker: '/tmp/evil-worker.mjs',
      modelWorker: '/tmp/evil-model-worker.mjs',
      searchWorker: '/tmp/evil-search-worker.mjs',
      parserHost: '/tmp/evil-parser-host.cjs',
    });
    // An empty variable is no override.
    expect(readConfig({ shell: 'preview', isPackaged: false, env: { GROUNDWORK_DATA_DIR: '' } }).dataDir).toBeNull();
  });
});
