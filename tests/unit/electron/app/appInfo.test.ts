import { describe, expect, it } from 'vitest';
import { appInfo } from '../../../../electron/app/appInfo.js';
import { Notices } from '../../../../electron/core/notices.js';

describe('what the window is told of the app', () => {
  it('the build, the platform, the shell, the data folder and the notices not dismissed', () => {
    const notices = new Notices();
    notices.add({ id: 'a', level: 'warning', message: 'Kept', hint: '' });
    notices.add({ id: 'b', level: 'warning', message: 'Dismissed', hint: '' });
    notices.dismiss('b');
    expect(appInfo({ version: '1.2.3', shell: 'preview', dataDir: '/data', notices })).toEqual({
      version: '1.2.3',
      platform: process.platform,
      shell: 'preview',
      dataDir: '/data',
      notices: [expect.objectContaining({ id: 'a', message: 'Kept' })],
    });
  });
});
