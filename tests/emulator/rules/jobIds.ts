import type { JobService } from '../../../shared/contracts/v2Jobs.js';

/** The current format: service, hyphen, 26 characters of lower-case Crockford base32. */
const CURRENT = /^(parse|extract)-[0-9a-hjkmnp-tv-z]{26}$/;

/**
 * Older formats stay accepted but their shape is not shown. The emulator takes any id made
 * of URL-unreserved characters (RFC 3986: letters, digits, `-._~`) as a possible older id
 * and looks it up; what cannot be an id in a path segment at all is malformed.
 */
const POSSIBLE_OLDER = /^[A-Za-z0-9._~-]{1,200}$/;

export type JobIdVerdict = { ok: true; current: boolean } | { ok: false; message: string };

/** How the emulator reads an id in `GET /v2/{service}/jobs/{job_id}`. */
export function judgeJobId(id: string, service: JobService): JobIdVerdict {
  const current = CURRENT.exec(id);
  if (current) {
    return current[1] === service
      ? { ok: true, current: true }
      : { ok: false, message: `"${id}" is a ${current[1]} job id; this is the ${service} jobs path.` };
  }
  if (POSSIBLE_OLDER.test(id) && id !== '.' && id !== '..') return { ok: true, current: false };
  return { ok: false, message: `"${id.slice(0, 80)}" is not a job id.` };
}

export function isCurrentJobId(id: string): boolean {
  return CURRENT.test(id);
}
