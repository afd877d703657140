import { posix, win32 } from 'node:path';

/** Why a path named by the renderer (or a file it imported) is not even looked at. */
export type PathSyntaxProblem = 'malformed' | 'unc' | 'device' | 'relative' | 'stream';

const MAX_PATH_CHARS = 4096;
/** Win32 device names that open a device whatever folder or extension they are given (CON, NUL.png, AUX .txt…). */
const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/i;

function isWindowsDeviceName(segment: string): boolean {
  return WINDOWS_DEVICE_NAME.test((segment.split('.')[0] ?? '').trimEnd());
}

/**
 * Judges a local path by its text alone, before anything touches the disk, under both the
 * Windows and the POSIX rules, so that what would be a network or device path on Windows is
 * refused on every platform. On Windows, merely resolving `\\host\share\x.png` makes the
 * system connect to that host over SMB and offer the user's NTLM hash; `\\?\` and `\\.\`
 * reach devices and skip path normalisation. Only fully qualified paths pass: `C:\…` on
 * Windows, `/…` elsewhere.
 */
export function pathSyntaxProblem(path: string, platform: NodeJS.Platform = process.platform): PathSyntaxProblem | null {
  if (path.length === 0 || path.length > MAX_PATH_CHARS || path.includes('\0')) return 'malformed';
  // Two leading separators of either kind: \\?\ and \\.\ are device paths, anything else names a server.
  if (/^[\\/]{2}[?.]([\\/]|$)/.test(path)) return 'device';
  if (/^[\\/]{2}/.test(path) || win32.parse(path).root.startsWith('\\\\')) return 'unc';
  if (platform === 'win32') {
    // Not `\x` (the current drive's root) nor `C:x` (relative to that drive's current folder).
    if (!/^[A-Za-z]:[\\/]/.test(path) || !win32.isAbsolute(path)) return 'relative';
    // A second colon names an NTFS alternate data stream (x.png:hidden).
    if (path.indexOf(':', 2) !== -1) return 'stream';
    if (path.split(/[\\/]/).some(isWindowsDeviceName)) return 'device';
    return null;
  }
  return posix.isAbsolute(path) ? null : 'relative';
}

/** True when `target` is strictly inside `root` (both already resolved the same way). */
export function isInsideFolder(root: string, target: string, path: typeof posix = platformPath()): boolean {
  const relative = path.relative(root, target);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

function platformPath(): typeof posix {
  return process.platform === 'win32' ? win32 : posix;
}
