/**
 * Which media id each dropped image file belongs to. The v1 contract has no upload or
 * listing endpoint (v1.reads.no-list-endpoints), so the link between a local image and a
 * service media id is made here, by a rule the user sees and can change:
 *
 * - `name`: the id is in the file name: the first run of digits, or what a user pattern
 *   (a regular expression; its first group if it has one) finds there;
 * - `sidecar`: a media list (CSV or JSON with `fileName` and `mediaId`) dropped beside the images;
 * - `typed`: the user types each file's id.
 *
 * An id typed for a file wins under every rule. When the project's media list is known
 * (imported or pasted ids), an id outside it is refused with that reason; an empty list
 * accepts any id.
 */
import { parseMediaList } from './mediaList.js';

export type MatchRule = { kind: 'name'; pattern: string } | { kind: 'sidecar' } | { kind: 'typed' };

export interface FileMatch {
  /** The file's name as dropped (a folder's files keep their relative path for display). */
  name: string;
  mediaId: number | null;
  /** Why there is no id: shown beside the file. */
  reason?: string;
}

export interface MatchContext {
  /** The project's media ids as the board knows them; empty: any id is accepted. */
  knownIds: ReadonlySet<number>;
  /** File name (lower case, without folders) → media id, from a sidecar list. */
  sidecar: ReadonlyMap<string, number> | null;
  /** Ids typed per file (by its `name`). */
  typed: Readonly<Record<string, string>>;
}

const MAX_PATTERN_CHARS = 200;

/** The file name without its folders (a dropped folder gives `folder/101.png`). */
export function baseName(name: string): string {
  return name.split(/[\\/]/).pop() ?? name;
}

function asMediaId(text: string): number | null {
  if (!/^\d+$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** The user's pattern as a RegExp, or why it cannot be one. Empty: the first run of digits. */
export function compilePattern(pattern: string): RegExp | { error: string } {
  if (pattern.trim() === '') return /\d+/;
  if (pattern.length > MAX_PATTERN_CHARS) return { error: `A pattern is at most ${MAX_PATTERN_CHARS} characters.` };
  try {
    return new RegExp(pattern);
  } catch (error) {
    return { error: `Not a regular expression: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The id a file name carries under a pattern, or why it carries none. */
export function idFromName(name: string, pattern: RegExp, custom: boolean): { mediaId: number } | { reason: string } {
  const found = pattern.exec(baseName(name));
  if (!found) return { reason: custom ? `the pattern ${pattern.source} finds nothing in the name` : 'no digits in the name' };
  const text = found[1] ?? found[0];
  const mediaId = asMediaId(text);
  return mediaId === null ? { reason: `“${text.slice(0, 40)}” is not a whole number` } : { mediaId };
}

/** A sidecar media list as file name → id; rows without a file name are reported, not guessed. */
export function readSidecar(fileName: string, text: string): { map: Map<string, number>; problems: string[] } {
  const parsed = parseMediaList(fileName, text);
  const map = new Map<string, number>();
  const problems = parsed.problems.map((p) => `${p.line !== undefined ? `line ${p.line}` : `item ${p.item ?? '?'}`}: ${p.message}`);
  for (const row of parsed.rows) {
    if (row.fileName) map.set(baseName(row.fileName).toLowerCase(), row.mediaId);
    else problems.push(`media ${row.mediaId}: no file name`);
  }
  return { map, problems };
}

function candidate(name: string, rule: MatchRule, pattern: RegExp, context: MatchContext): { mediaId: number } | { reason: string } {
  const typed = context.typed[name]?.trim();
  if (typed) {
    const mediaId = asMediaId(typed);
    return mediaId === null ? { reason: `the typed id “${typed.slice(0, 40)}” is not a whole number` } : { mediaId };
  }
  if (rule.kind === 'typed') return { reason: 'no id typed' };
  if (rule.kind === 'sidecar') {
    if (!context.sidecar) return { reason: 'no sidecar list: drop a CSV or JSON with fileName and mediaId beside the images' };
    const mediaId = context.sidecar.get(baseName(name).toLowerCase());
    return mediaId === undefined ? { reason: 'not in the sidecar list' } : { mediaId };
  }
  return idFromName(name, pattern, rule.pattern.trim() !== '');
}

/**
 * Every file with its id or the reason it has none, in the order given. Two files with
 * one id: the first keeps it, the second is told which file has it.
 */
export function matchFiles(
  names: readonly string[],
  rule: MatchRule,
  context: MatchContext,
): { files: FileMatch[]; patternError?: string } {
  const compiled = compilePattern(rule.kind === 'name' ? rule.pattern : '');
  if (!(compiled instanceof RegExp)) {
    return { files: names.map((name) => ({ name, mediaId: null, reason: 'the pattern is not valid' })), patternError: compiled.error };
  }
  const taken = new Map<number, string>();
  const files = names.map((name): FileMatch => {
    const found = candidate(name, rule, compiled, context);
    if ('reason' in found) return { name, mediaId: null, reason: found.reason };
    if (context.knownIds.size > 0 && !context.knownIds.has(found.mediaId)) {
      return { name, mediaId: null, reason: `id ${found.mediaId} is not in this project's media list` };
    }
    const holder = taken.get(found.mediaId);
    if (holder !== undefined) return { name, mediaId: null, reason: `id ${found.mediaId} is already matched to ${holder}` };
    taken.set(found.mediaId, name);
    return { name, mediaId: found.mediaId };
  });
  return { files };
}
