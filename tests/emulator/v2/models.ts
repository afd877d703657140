/**
 * Model names the emulator knows (v2.parse.model.names): dated snapshots, `-latest`
 * aliases, and bare family names (equal to the family's `-latest`).
 */
export const PARSE_SNAPSHOTS: Record<string, string[]> = {
  'dpt-3-pro': ['dpt-3-pro-20250919', 'dpt-3-pro-20251103'],
  'dpt-3-verity': ['dpt-3-verity-20251103'],
};
export const EXTRACT_SNAPSHOTS: Record<string, string[]> = {
  extract: ['extract-20250930', 'extract-20251024'],
};

/** The dated snapshot a name resolves to, or null for an unknown model. */
export function resolveModel(name: string | undefined, families: Record<string, string[]>, defaultFamily: string): string | null {
  const wanted = name ?? defaultFamily;
  for (const [family, snapshots] of Object.entries(families)) {
    const latest = snapshots[snapshots.length - 1]!;
    if (wanted === family || wanted === `${family}-latest`) return latest;
    if (snapshots.includes(wanted)) return wanted;
  }
  return null;
}

export function knownModels(families: Record<string, string[]>): string[] {
  return Object.entries(families).flatMap(([family, snapshots]) => [family, `${family}-latest`, ...snapshots]);
}
