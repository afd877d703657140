import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../electron/csp.js';

// Electron cannot start on every machine (see tests/e2e-electron), so the shell's
// security settings are also checked where they are written.
const windowSource = readFileSync('electron/shell/window.ts', 'utf8');
const webPreferences = /webPreferences:\s*\{([^}]*)\}/.exec(windowSource)?.[1] ?? '';

describe('the Electron shell is secure by construction', () => {
  it.each([
    'contextIsolation: true',
    'sandbox: true',
    'nodeIntegration: false',
    'nodeIntegrationInWorker: false',
    'nodeIntegrationInSubFrames: false',
    'webSecurity: true',
    'allowRunningInsecureContent: false',
    'experimentalFeatures: false',
    'webviewTag: false',
    "disableBlinkFeatures: 'Auxclick'",
    'devTools: !app.isPackaged',
  ])('webPreferences says %s literally', (setting) => expect(webPreferences).toContain(setting));

  it('blocks navigation and denies new windows', () => {
    expect(windowSource).toMatch(/on\('will-navigate', \(event\) => event\.preventDefault\(\)\)/);
    expect(windowSource).toMatch(/setWindowOpenHandler\([\s\S]*?return \{ action: 'deny' \}/);
  });

  it('the CSP runs only our scripts and lets the renderer reach nothing but itself', () => {
    const directives: Record<string, string[]> = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']?.every((s) => ["'self'", 'blob:', 'data:'].includes(s))).toBe(true);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-(inline|eval)/);
  });
});
