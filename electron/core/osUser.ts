import { userInfo } from 'node:os';

/** Who decides, as the audit trail names them: the OS account main runs as (a window cannot choose it). */
export function osUserName(): string {
  try {
    return userInfo().username || 'unknown';
  } catch {
    // No passwd entry for the uid (some containers): the environment is the next best word.
    return process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
}
