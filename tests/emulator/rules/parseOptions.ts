import type { ParseOptions } from '../../../shared/contracts/v2Parse.js';

/**
 * The parse options object (JSON in the `options` form field): `pages` (1-indexed
 * integers or null; 0 is a 422), `blocks.<type>.markdown`, `atomic_grounding` and
 * `inline_markdown` (booleans), `password` (any value is a 422). Every other key,
 * including the retired `dpi`, `grounding` and `blocks.<type>.caption`, is a 422, and so is
 * an empty field (`options=`).
 */
const KEYS = ['pages', 'blocks', 'atomic_grounding', 'inline_markdown', 'password'];
const BLOCK_KEYS = ['markdown'];

export type OptionsVerdict = { ok: true; options: ParseOptions } | { ok: false; message: string };

export function readParseOptions(text: string | undefined): OptionsVerdict {
  const bad = (message: string): OptionsVerdict => ({ ok: false, message });
  if (text === undefined) return { ok: true, options: {} };
  // Sent but empty is not "no options": the field is a JSON object or absent.
  if (text.trim() === '') return bad('options is empty: leave the field out, or send a JSON object such as {}.');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return bad('options must be a JSON-serialized object.');
  }
  if (!isPlainObject(raw)) return bad('options must be a JSON object.');

  const unknown: string[] = Object.keys(raw)
    .filter((k) => !KEYS.includes(k))
    .map((k) => `options.${k}`);
  const blocks = raw.blocks;
  if (blocks !== undefined) {
    if (!isPlainObject(blocks)) return bad('options.blocks must be an object of block types.');
    for (const [type, settings] of Object.entries(blocks)) {
      if (!isPlainObject(settings)) return bad(`options.blocks.${type} must be an object.`);
      for (const key of Object.keys(settings)) if (!BLOCK_KEYS.includes(key)) unknown.push(`options.blocks.${type}.${key}`);
    }
  }
  if (unknown.length > 0) return bad(`Unknown option key(s): ${unknown.join(', ')}.`);

  const pages = raw.pages;
  if (pages !== undefined && pages !== null) {
    if (!Array.isArray(pages) || !pages.every((p) => Number.isInteger(p)))
      return bad('options.pages must be an array of integers or null.');
    if (pages.includes(0)) return bad('options.pages: pages are 1-indexed; 0 is not a page.');
    const negative = pages.find((p: number) => p < 0);
    if (negative !== undefined) return bad(`options.pages: ${negative} is not a page; pages are 1-indexed.`);
  }
  for (const flag of ['atomic_grounding', 'inline_markdown']) {
    if (raw[flag] !== undefined && typeof raw[flag] !== 'boolean') return bad(`options.${flag} must be true or false.`);
  }
  if (raw.password !== undefined && raw.password !== null)
    return bad('options.password: encrypted files are unsupported, so no password is accepted.');
  return { ok: true, options: raw as ParseOptions };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
