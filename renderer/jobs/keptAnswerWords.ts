import type { QuarantinedAnswer } from '../../shared/quarantine.js';

/** A kept answer's size in words: characters as received (not bytes), exact below a million. */
export function charactersText(count: number): string {
  if (count >= 1_000_000) return `${(count / 1_000_000).toFixed(1)} million characters`;
  return `${count.toLocaleString('en')} ${count === 1 ? 'character' : 'characters'}`;
}

/** What answer it was: "parse answer", "extract answer" or "analyzer answer". */
export function kindText(entry: Pick<QuarantinedAnswer, 'kind'>): string {
  return `${entry.kind} answer`;
}
