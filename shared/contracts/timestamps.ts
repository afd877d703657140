/**
 * Job timestamps as a real service may send them (v2.jobs.timestamps): the contract shows ISO
 * 8601 text, the official SDK's `_normalize` also reads epoch seconds. Milliseconds are told
 * from seconds by size: 1e11 seconds is the year 5138, 1e11 milliseconds is 1973.
 */
import { z } from 'zod';

const MILLISECONDS_FROM = 1e11;

/** ISO text for any readable timestamp; null for none, or one that names no instant (never a reason to refuse an answer). */
export function toIsoTimestamp(value: unknown): string | null {
  let millis: number;
  if (typeof value === 'number') millis = Math.abs(value) >= MILLISECONDS_FROM ? value : value * 1000;
  else if (typeof value === 'string') millis = Date.parse(value);
  else return null;
  if (!Number.isFinite(millis)) return null;
  const date = new Date(millis);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A timestamp field: text, a number or null on the wire, ISO text or null once read. */
export const timestampSchema = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => toIsoTimestamp(value));
