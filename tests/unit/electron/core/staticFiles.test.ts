import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveStaticPath } from '../../../../electron/core/staticFiles.js';

const root = resolve('/srv/app/renderer');

describe('static files never leave their folder', () => {
  it.each(['/index.html', '/assets/index-abc.js', '/', '/a%20b.css'])('%s is served from inside', (path) => {
    const file = resolveStaticPath(root, path);
    expect(file?.startsWith(root)).toBe(true);
  });

  it('maps / to index.html', () => expect(resolveStaticPath(root, '/')).toBe(join(root, 'index.html')));

  it.each([
    '/../package.json',
    '/..%2f..%2fetc/passwd',
    '/assets/../../x',
    '/%2e%2e/%2e%2e/x',
    '/a%5c..%5c..%5cx',
    '/x%00.html',
    '/%E0%A4%A',
  ])('%s is refused', (path) => expect(resolveStaticPath(root, path)).toBeNull());

  it('refuses a sibling folder whose name starts like the root', () => {
    expect(resolveStaticPath(root, '/../renderer-evil/x.js')).toBeNull();
  });
});
