/**
 * The rules of one schema in the Fields panel: the text being edited, what is saved in the
 * workspace (per schema, `rules:get` / `rules:save`), and the results of the rules that parse
 * on the extraction shown — recomputed when either changes, never per field row. Whose rules:
 * those of the schema the extraction shown recorded (its key), else the editor's schema.
 */
import { create } from 'zustand';
import type { AppError } from '../../../shared/errors.js';
import type { RuleTarget } from '../../../shared/ipc/rules.js';
import { evaluateRules, failingRulesByPath, type RuleResult } from '../../../shared/rules/evaluateRules.js';
import { parseRules, type RuleParseError } from '../../../shared/rules/parseRules.js';
import { requireApi, toAppError } from '../../ipc/client.js';
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

/** What the rules are loaded for, as one string: an extraction's recorded schema key, else the editor's schema text. */
export function rulesLoadId(schemaText: string, recordedKey: string | null): string {
  return recordedKey !== null ? `key:${recordedKey}` : `schema:${schemaText}`;
}

interface RulesState {
  /** rulesLoadId of what the rules were loaded for; null before any. */
  loadedFor: string | null;
  /** The last load failed: loading the same again (the extraction opened again, or `retry`) reads afresh. */
  loadFailed: boolean;
  /** Whose rules, as main is asked for them; null when the editor's schema is not an object. */
  target: RuleTarget | null;
  schemaKey: string | null;
  /** The saved rules file exists but cannot be read: Save is off until it is fixed or set aside. */
  unreadable: boolean;
  /** Where an unreadable file was moved by "Set aside and start empty". */
  setAsideTo: string | null;
  /** A set-aside under way: a second click waits for it rather than finding no file. */
  settingAside: boolean;
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
  /** The rules of `recordedKey` (an extraction's own schema) when given, else of the schema text. */
  load(schemaText: string, recordedKey?: string | null): Promise<void>;
  /** The last load again, read afresh. */
  retry(): Promise<void>;
  setText(text: string): void;
  save(): Promise<void>;
  /** Renames an unreadable rules file aside and starts the schema with none. */
  setAside(): Promise<void>;
  /** Runs the rules that parse over an extraction's values (null: no extraction). */
  evaluate(values: unknown): void;
  setBlockReview(on: boolean): void;
}

let lastValues: unknown = null;
let lastLoad: { schemaText: string; recordedKey: string | null } | null = null;

function derived(text: string, values: unknown) {
  const parsed = parseRules(text);
  const results = values === null ? [] : evaluateRules(parsed.rules, values);
  const passing = new Map<string, RuleResult[]>();
  for (const r of results) if (r.status === 'pass') for (const p of r.paths) passing.set(p, [...(passing.get(p) ?? []), r]);
  return { parseErrors: parsed.ok ? [] : parsed.errors, results, failing: failingRulesByPath(results), passing };
}

export const useRules = create<RulesState>((set, get) => ({
  loadedFor: null,
  loadFailed: false,
  target: null,
  schemaKey: null,
  unreadable: false,
  setAsideTo: null,
  settingAside: false,
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

  async load(schemaText, recordedKey = null) {
    const loadedFor = rulesLoadId(schemaText, recordedKey);
    lastLoad = { schemaText, recordedKey };
    if (get().loadedFor === loadedFor && !get().loadFailed) return;
    const schema = schemaOfText(schemaText);
    const target: RuleTarget | null = recordedKey !== null ? { schemaKey: recordedKey } : schema ? { schema } : null;
    const fresh = { loadedFor, loadFailed: false, target, unreadable: false, setAsideTo: null, error: null };
    if (!target) {
      set({ ...fresh, schemaKey: null, savedText: '', text: '', ...derived('', lastValues) });
      return;
    }
    set({ ...fresh, loading: true });
    try {
      const saved = await requireApi().rules.get(target);
      if (get().loadedFor !== loadedFor) return; // the schema changed while loading
      set({ schemaKey: saved.schemaKey, savedText: saved.text, text: saved.text, loading: false, ...derived(saved.text, lastValues) });
    } catch (error) {
      if (get().loadedFor !== loadedFor) return;
      const appError = toAppError(error);
      // Nothing of the file is shown or kept as "saved": a Save would replace what it holds.
      // Marked failed: opening the extraction again (or Try again) reads the file afresh.
      set({
        loadFailed: true,
        loading: false,
        error: appError,
        unreadable: appError.code === 'unreadable_record',
        savedText: '',
        text: '',
        ...derived('', lastValues),
      });
    }
  },

  async retry() {
    if (!lastLoad) return;
    set({ loadedFor: null }); // read afresh, whatever the last read found
    await get().load(lastLoad.schemaText, lastLoad.recordedKey);
  },

  setText(text) {
    set({ text, error: null, ...derived(text, lastValues) });
  },

  async save() {
    const { loadedFor, target, text, unreadable } = get();
    if (!target || unreadable) return;
    set({ saving: true, error: null });
    try {
      const saved = await requireApi().rules.save({ ...target, text });
      if (get().loadedFor === loadedFor) set({ savedText: saved.text, schemaKey: saved.schemaKey, saving: false });
      else set({ saving: false });
    } catch (error) {
      const appError = toAppError(error);
      set({ saving: false, error: appError, ...(appError.code === 'unreadable_record' ? { unreadable: true } : {}) });
    }
  },

  async setAside() {
    const { loadedFor, target, settingAside } = get();
    if (!target || settingAside) return;
    set({ settingAside: true });
    try {
      const { movedTo, rules } = await requireApi().rules.setAside(target);
      set({ settingAside: false });
      if (get().loadedFor !== loadedFor) return;
      set({
        loadFailed: false,
        unreadable: false,
        error: null,
        setAsideTo: movedTo,
        schemaKey: rules.schemaKey,
        savedText: rules.text,
        text: rules.text,
        ...derived(rules.text, lastValues),
      });
    } catch (error) {
      set({ settingAside: false });
      if (get().loadedFor === loadedFor) set({ error: toAppError(error) });
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

/** Why accepting `path` is refused, or null: the block is on and a failing rule names it, or the rules cannot be read. */
export function acceptBlockedBy(state: Pick<RulesState, 'blockReview' | 'failing' | 'unreadable'>, path: string): string | null {
  if (!state.blockReview) return null;
  if (state.unreadable) return 'Accept is blocked while the rules file cannot be read: its rules cannot be checked (see the Rules panel).';
  const failing = state.failing.get(path);
  if (!failing || failing.length === 0) return null;
  return `Accept is blocked while a rule on this field fails: ${failing.map((r) => `line ${r.line} “${r.rule}” (${r.message})`).join('; ')}`;
}
