import { describe, expect, it } from 'vitest';
import { TRASHABLE_PATH, trashable } from '../../../../electron/workspace/layout.js';

// A trash manifest names the paths it moves; read back, only the workspace's own kinds of
// path are taken, so an edited manifest cannot move a file from outside the workspace.
describe('the workspace layout', () => {
  it('takes each path the trash moves', () => {
    for (const path of Object.values(trashable)) expect(path('01HZX3K5M7')).toMatch(TRASHABLE_PATH);
  });

  it('refuses any other path', () => {
    for (const path of [
      'documents/../settings.json',
      'documents/a/original',
      'results/a.infoxjson',
      'results/axjson',
      'reviews/a.info.json',
      'models/a.model',
      '/etc/passwd',
      'documents/',
      `documents/${'a'.repeat(81)}`,
      'trash/a',
    ])
      expect(path).not.toMatch(TRASHABLE_PATH);
  });
});
