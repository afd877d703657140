import { posix, win32 } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInsideFolder, pathSyntaxProblem } from '../../../../electron/datasets/localPathRules.js';

// Judged by text alone, before anything touches the disk; Windows' network and device
// forms are refused on every platform, so a media list cannot aim at them anywhere.
describe('local path rules', () => {
  it.each(['linux', 'darwin', 'win32'] as const)('on %s: network (UNC) and device paths are refused', (platform) => {
    for (const path of ['\\\\host\\share\\x.png', '//host/share/x.png', '\\/host/share/x.png', '/\\host\\share\\x.png', '\\\\host']) {
      expect(pathSyntaxProblem(path, platform), path).toBe('unc');
    }
    for (const path of ['\\\\?\\C:\\x.png', '\\\\.\\PhysicalDrive0', '//?/C:/x.png', '//./pipe/x', '\\\\?\\UNC\\host\\share\\x.png']) {
      expect(pathSyntaxProblem(path, platform), path).toBe('device');
    }
    expect(pathSyntaxProblem('', platform)).toBe('malformed');
    expect(pathSyntaxProblem('/a\0b', platform)).toBe('malformed');
    expect(pathSyntaxProblem(`/${'a'.repeat(5000)}`, platform)).toBe('malformed');
  });

  it('on Windows only fully qualified drive paths pass; streams and device names are refused', () => {
    expect(pathSyntaxProblem('C:\\Users\\me\\x.png', 'win32')).toBeNull();
    expect(pathSyntaxProblem('d:/photos/x.png', 'win32')).toBeNull();
    for (const path of ['x.png', '..\\x.png', '\\Users\\x.png', '/Users/x.png', 'C:x.png'])
      expect(pathSyntaxProblem(path, 'win32'), path).toBe('relative');
    expect(pathSyntaxProblem('C:\\x.png:hidden', 'win32')).toBe('stream');
    for (const path of ['C:\\a\\CON', 'C:\\a\\nul.png', 'C:\\a\\com1.jpg', 'C:\\a\\LPT9', 'C:\\a\\aux .png', 'C:\\a\\CONIN$'])
      expect(pathSyntaxProblem(path, 'win32'), path).toBe('device');
    expect(pathSyntaxProblem('C:\\a\\console.png', 'win32')).toBeNull();
  });

  it('elsewhere only absolute POSIX paths pass', () => {
    expect(pathSyntaxProblem('/home/me/x.png', 'linux')).toBeNull();
    expect(pathSyntaxProblem('/home/me/nul.png', 'linux')).toBeNull();
    for (const path of ['x.png', './x.png', '../x.png', 'C:\\x.png', '~/x.png'])
      expect(pathSyntaxProblem(path, 'darwin'), path).toBe('relative');
  });

  it('inside means strictly below the folder, by whole segments', () => {
    expect(isInsideFolder('/a/b', '/a/b/c.png', posix)).toBe(true);
    expect(isInsideFolder('/a/b', '/a/b/..c.png', posix)).toBe(true);
    expect(isInsideFolder('/a/b', '/a/b', posix)).toBe(false);
    expect(isInsideFolder('/a/b', '/a/bc/x.png', posix)).toBe(false);
    expect(isInsideFolder('/a/b', '/a/x.png', posix)).toBe(false);
    expect(isInsideFolder('C:\\a', 'c:\\A\\x.png', win32)).toBe(true);
    expect(isInsideFolder('C:\\a', 'D:\\a\\x.png', win32)).toBe(false);
  });
});
