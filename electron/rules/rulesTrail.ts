import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import { ulid } from '../../shared/ulid.js';
import { ChainedTrail, type CheckedLine } from '../storage/chainedTrail.js';
import { rulesAuditFile } from '../workspace/layout.js';

/**
 * One rule save or set-aside as the rules trail keeps it. `text` is the whole set saved, so
 * the rules in force at any decision can be read back: a decision names `rulesHash`, the
 * SHA-256 of that text, and the save with the same hash holds it.
 */
export interface RulesAuditEntry {
  id: string;
  prevHash?: string;
  at: string;
  /** The OS user main runs as. */
  user: string;
  schemaKey: string;
  action: 'saved' | 'set-aside';
  /** Of `text` when saved; of "" when set aside (the schema then has no rules). */
  rulesHash: string;
  text?: string;
  /** For `set-aside`: the name the unreadable file was given, beside itself in `rules/`. */
  movedTo?: string;
}

const entrySchema = z.object({
  id: z.string(),
  prevHash: z.string().optional(),
  at: z.string(),
  user: z.string(),
  schemaKey: z.string(),
  action: z.enum(['saved', 'set-aside']),
  rulesHash: z.string(),
  text: z.string().optional(),
  movedTo: z.string().optional(),
});

/** The hash a decision names its rules by: SHA-256 (hex) of the rule set's text as saved. */
export function rulesHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function parseRulesAuditLine(text: string): RulesAuditEntry | null {
  try {
    const parsed = entrySchema.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as RulesAuditEntry) : null;
  } catch {
    return null;
  }
}

/**
 * The rules trail, `audit/rules.jsonl`: every schema's rule saves and set-asides, one chained
 * line each (as a document's trail is), workspace-wide because rules belong to a schema, not
 * a document. Written before the save it records: a save whose record could not be written
 * is refused, so no rule set is in force unrecorded.
 */
export class RulesTrail {
  private readonly trail = new ChainedTrail<RulesAuditEntry>(parseRulesAuditLine);
  private readonly file: string;

  constructor(
    root: string,
    private readonly user: () => string,
  ) {
    this.file = rulesAuditFile(root);
  }

  saved(schemaKey: string, text: string): Promise<void> {
    return this.append({ schemaKey, action: 'saved', rulesHash: rulesHash(text), text });
  }

  setAside(schemaKey: string, movedTo: string): Promise<void> {
    return this.append({ schemaKey, action: 'set-aside', rulesHash: rulesHash(''), movedTo });
  }

  /** Every line, oldest first, with where its chain breaks. */
  read(): Promise<CheckedLine<RulesAuditEntry>[]> {
    return this.trail.read(this.file);
  }

  private append(entry: Omit<RulesAuditEntry, 'id' | 'at' | 'user'>): Promise<void> {
    const full: RulesAuditEntry = { id: ulid(), at: new Date().toISOString(), user: this.user(), ...entry };
    return this.trail.append(this.file, [full], (chained) => {
      const line = JSON.stringify(chained);
      if (parseRulesAuditLine(line) === null)
        throw new AppError({
          code: 'audit_entry_invalid',
          message: 'The record of this rule save is not complete, so the rules were not saved.',
          hint: 'This is a bug in the app; nothing was written.',
        });
      return line;
    });
  }
}
