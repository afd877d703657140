/**
 * The rules of the schema in the Fields panel: the text being edited, what is saved in the
 * workspace (per schema, `rules:get` / `rules:save`), and the results of the rules that parse
 * on the extraction shown — recomputed when either changes, never per field row.
 */
import { create } from 'zustand';
import type { AppError } from '../../shared/errors.js';
import { evaluateRules, failingRulesByPath, type RuleResult } from '../../shared/rules/evaluateRules.js';
import { parseRules, type RuleParseError } from '../../shared/rules/parseRules.js';
import { requireApi, toAppError } from '../ipc/client.js';
import { isBoolean, readRemembered, writeRemembered } from './remembered.js';

/** The schema the rules belong to, as the editor has it: an object, or why there is none. */
export function schemaOfText(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

interface RulesState {
  /** The schema text the rules were loaded for; null before any. */
  schemaText: string | null;
  schemaKey: string | null;
  /** What is saved for the schema; `text` is the editor's (maybe unsaved) copy. */
  savedText: string;
  text: string;
  loading: boolean;
  saving: boolean;
  error: AppError | null;
  parseErrors: RuleParseError[];
  results: RuleResult[];
  /** Concrete field path → the rules naming it that fail / pass. */
  failing: Map<string, RuleResult[]>;
  passing: Map<string, RuleResult[]>;
  /** Accepting a field is refused while a rule naming it fails. Remembered. */
  blockReview: boolean;
  load(schemaText: string): Promise<void>;
  setText(text: string): void;
  save(): Promise<void>;
  /** Runs the rules that parse over an extraction's values (null: no extraction). */
  evaluate(values: unknown): void;
  setBlockReview(on: boolean): void;
}

let lastValues: unknown = null;

function derived(text: string, values: unknown) {
  const parsed = parseRules(text);
  const results = values === null ? [] : evaluateRules(parsed.rules, values);
  const passing = new Map<string, RuleResult[]>();
  for (const r of results) if (r.status === 'pass') for (const p of r.paths) passing.set(p, [...(passing.get(p) ?? []), r]);
  return { parseErrors: parsed.ok ? [] : parsed.errors, results, failing: failingRulesByPath(results), passing };
}

export const useRules = create<RulesState>((set, get) => ({
  schemaText: null,
  schemaKey: null,
  savedText: '',
  text: '',
  loading: false,
  saving: false,
  error: null,
  parseErrors: [],
  results: [],
  failing: new Map(),
  passing: new Map(),
  blockReview: readRemembered('rulesBlockReview', false, isBoolean),

  async load(schemaText) {
    const schema = schemaOfText(schemaText);
    if (get().schemaText === schemaText) return;
    if (!schema) {
      set({ schemaText, schemaKey: null, savedText: '', text: '', error: null, ...derived('', lastValues) });
      return;
    }
    set({ schemaText, loading: true, error: null });
    try {
      const saved = await requireApi().rules.get({ schema });
      if (get().schemaText !== schemaText) return; // the schema changed while loading
      set({ schemaKey: saved.schemaKey, savedText: saved.text, text: saved.text, loading: false, ...derived(saved.text, lastValues) });
    } catch (error) {
      if (get().schemaText === schemaText) set({ loading: false, error: toAppError(error) });
    }
  },

  setText(text) {
    set({ text, error: null, ...derived(text, lastValues) });
  },

  async save() {
    const { schemaText, text } = get();
    const schema = schemaText === null ? null : schemaOfText(schemaText);
    if (!schema) return;
    set({ saving: true, error: null });
    try {
      const saved = await requireApi().rules.save({ schema, text });
      if (get().schemaText === schemaText) set({ savedText: saved.text, schemaKey: saved.schemaKey, saving: false });
    } catch (error) {
      set({ saving: false, error: toAppError(error) });
    }
  },

  evaluate(values) {
    lastValues = values;
    set(derived(get().text, values));
  },

  setBlockReview(on) {
    writeRemembered('rulesBlockReview', on);
    set({ blockReview: on });
  },
}));

/** Why accepting `path` is refused, or null: a failing rule names it and the block is on. */
export function acceptBlockedBy(state: Pick<RulesState, 'blockReview' | 'failing'>, path: string): string | null {
  if (!state.blockReview) return null;
  const failing = state.failing.get(path);
  if (!failing || failing.length === 0) return null;
  return `Accept is blocked while a rule on this field fails: ${failing.map((r) => `line ${r.line} “${r.rule}” (${r.message})`).join('; ')}`;
}
