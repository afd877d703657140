import { useEffect, useRef, useState } from 'react';
import { describeRuleError, type RuleParseError } from '../../shared/rules/parseRules.js';
import type { RuleResult } from '../../shared/rules/evaluateRules.js';
import { extractionValues } from '../../shared/rules/extractionValues.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useRunSettings } from '../state/runSettings.js';
import { useReviewStore } from '../state/review/reviewStore.js';
import { rulesLoadId, schemaOfText, useRules } from '../state/fields/rulesStore.js';

const STATUS_MARK: Record<RuleResult['status'], string> = { pass: '✓', fail: '✗', not_applicable: '–' };
const STATUS_LABEL: Record<RuleResult['status'], string> = { pass: 'passes', fail: 'fails', not_applicable: 'not applicable' };

/**
 * Rules across fields, kept in the workspace per schema and run on the extraction shown: the
 * rules of the schema that extraction was made with (it records its schema's key), else — no
 * extraction, or one stored before schemas were recorded — those of the schema in the editor
 * above, and the panel says which. A failing rule is a button: it selects every field it names,
 * so their ranges and boxes light up together.
 */
export function RulesPanel() {
  const schemaText = useRunSettings((s) => s.fieldsSchema);
  const extraction = useReviewStore((s) => s.extraction);
  const selectFields = useReviewStore((s) => s.selectFields);
  const selectedId = useReviewStore((s) => (s.selection?.fieldPaths ? s.selection.id : null));
  const {
    text,
    savedText,
    parseErrors,
    results,
    error,
    saving,
    blockReview,
    schemaKey,
    unreadable,
    setAsideTo,
    settingAside,
    loadFailed,
    loading,
  } = useRules();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const recordedKey = extraction?.kind === 'extract' ? (extraction.schemaKey ?? null) : null;
  const hasSchema = recordedKey !== null || schemaOfText(schemaText) !== null;
  // Editing waits for the schema's saved rules, so a late answer never overwrites typing.
  const loadId = rulesLoadId(schemaText, recordedKey);
  const ready = useRules((s) => s.loadedFor === loadId && !s.loading);
  const source =
    recordedKey !== null
      ? 'Rules of the schema this extraction was made with.'
      : extraction?.kind === 'extract'
        ? extraction.engine === 'import'
          ? 'Imported: the file does not say its schema — rules of the schema in the editor.'
          : 'Extracted before schemas were recorded — rules of the schema in the editor.'
        : null;
  // Folded to one line until the schema has rules (so the fields keep their room), unless the reviewer opened or closed it.
  const [userOpen, setUserOpen] = useState<boolean | null>(null);
  const open = userOpen ?? (ready && savedText.trim() !== '');

  useEffect(() => {
    const timer = setTimeout(() => void useRules.getState().load(schemaText, recordedKey), 250);
    return () => clearTimeout(timer);
  }, [schemaText, recordedKey]);
  useEffect(() => {
    useRules.getState().evaluate(extraction ? extractionValues(extraction) : null);
  }, [extraction]);

  const failed = results.filter((r) => r.status === 'fail').length;
  const passed = results.filter((r) => r.status === 'pass').length;
  const cannotSave = !hasSchema
    ? 'Rules are kept per schema: the schema above must be a JSON object first.'
    : !ready
      ? 'Reading the rules saved for this schema…'
      : unreadable
        ? 'The saved rules file cannot be read: Save is disabled until it is fixed or set aside.'
        : parseErrors.length > 0
          ? `Fix the rules first: ${describeRuleError(parseErrors[0]!)}`
          : text === savedText
            ? 'Nothing changed since the rules were saved.'
            : saving
              ? 'Saving…'
              : null;

  const goTo = (e: RuleParseError) => {
    const el = textarea.current;
    if (!el) return;
    const lines = text.split(/\r\n|\n|\r/);
    const offset = lines.slice(0, e.line - 1).reduce((n, l) => n + l.length + 1, 0) + e.column - 1;
    el.focus();
    el.setSelectionRange(offset, offset);
  };

  return (
    <details className="rules-editor" open={open} onToggle={(e) => setUserOpen(e.currentTarget.open)} data-testid="rules">
      <summary data-testid="rules-toggle">
        Rules{' '}
        <span className="muted small" data-testid="rules-summary">
          {unreadable
            ? 'the saved rules cannot be read'
            : results.length === 0
              ? hasSchema
                ? 'none yet — checks across fields, e.g. sum total = items[].amount'
                : 'none'
              : `${passed} pass · ${failed} fail${results.length - passed - failed ? ` · ${results.length - passed - failed} n/a` : ''}`}
          {text !== savedText ? ' · unsaved' : ''}
        </span>
      </summary>
      <textarea
        ref={textarea}
        data-testid="rules-input"
        value={text}
        onChange={(e) => useRules.getState().setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 's' && (e.ctrlKey || e.metaKey) && cannotSave === null) {
            e.preventDefault();
            void useRules.getState().save();
          }
        }}
        spellCheck={false}
        rows={Math.min(8, Math.max(3, text.split('\n').length + 1))}
        placeholder={'required invoice_number\npattern invoice_number /^INV-\\d+$/\nsum total = line_items[].amount ± 0.01'}
        aria-label="Rules across fields, one per line"
        aria-invalid={parseErrors.length > 0}
        disabled={!hasSchema || !ready || unreadable}
      />
      {source ? (
        <p className="field-help" data-testid="rules-source">
          {source}
        </p>
      ) : null}
      {parseErrors.map((e) => (
        <button
          type="button"
          key={e.line}
          className="rule-parse-error"
          data-testid="rules-error"
          data-line={e.line}
          data-column={e.column}
          onClick={() => goTo(e)}
          title="Put the cursor there"
        >
          <span>{describeRuleError(e)}</span>
          <code className="rule-caret">
            {text.split(/\r\n|\n|\r/)[e.line - 1]}
            {'\n'}
            {' '.repeat(e.column - 1)}^
          </code>
        </button>
      ))}
      <div className="rules-actions">
        <button
          type="button"
          className="small"
          data-testid="rules-save"
          onClick={() => void useRules.getState().save()}
          disabled={cannotSave !== null}
          title={cannotSave ?? `Save for this schema (Ctrl+S) — key ${schemaKey ?? ''}`}
        >
          Save rules
        </button>
        <label className="small">
          <input
            type="checkbox"
            data-testid="rules-block-review"
            checked={blockReview}
            onChange={(e) => useRules.getState().setBlockReview(e.target.checked)}
          />{' '}
          Block “accept” on a field while a rule naming it fails
        </label>
      </div>
      <details className="rules-syntax small">
        <summary>Rule syntax</summary>
        <pre>{RULE_SYNTAX}</pre>
      </details>
      {error ? <ErrorMessage error={error} /> : null}
      {loadFailed || unreadable ? (
        <div className="form-actions">
          {loadFailed ? (
            <button
              type="button"
              className="small"
              data-testid="rules-retry"
              onClick={() => void useRules.getState().retry()}
              disabled={loading}
              title={loading ? 'Reading the rules file…' : 'Read the rules file again, after fixing it by hand'}
            >
              Try again
            </button>
          ) : null}
          {unreadable ? (
            <button
              type="button"
              className="small"
              data-testid="rules-set-aside"
              onClick={() => void useRules.getState().setAside()}
              disabled={settingAside}
              title={
                settingAside
                  ? 'Setting the file aside…'
                  : 'Rename the unreadable file beside itself (nothing is deleted) and start this schema with no rules'
              }
            >
              Set aside and start empty
            </button>
          ) : null}
        </div>
      ) : null}
      {setAsideTo ? (
        <p className="field-help" data-testid="rules-set-aside-note">
          The unreadable rules file was kept as {setAsideTo}.
        </p>
      ) : null}
      {!hasSchema ? (
        <p className="field-help">Rules are kept per schema: write a schema (a JSON object) above to write its rules.</p>
      ) : null}
      {results.length > 0 ? (
        <ul className="rule-results" data-testid="rule-results" aria-label="Rule results">
          {results.map((r) => (
            <li key={r.line} data-testid="rule-result" data-status={r.status} data-line={r.line}>
              <button
                type="button"
                className="rule-result"
                aria-pressed={selectedId === ruleSelectionId(r)}
                title={`Line ${r.line} ${STATUS_LABEL[r.status]}: ${r.message}. Click to select its fields: ${r.paths.join(', ')}`}
                onClick={() => selectFields(ruleSelectionId(r), r.paths)}
              >
                <span className={`rule-mark rule-${r.status}`} aria-label={STATUS_LABEL[r.status]}>
                  {STATUS_MARK[r.status]}
                </span>
                <code>{r.rule}</code>
                <span className="rule-message muted small">{r.message}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}

const RULE_SYNTAX = [
  'required PATH                  a value (every item, for items[].x)',
  'pattern PATH /regex/flags      text matches',
  'range PATH MIN..MAX            a number within (“$1,242.00” reads as 1242)',
  'date PATH YYYY-MM-DD           a real date in that format (also DD/MM/YYYY, MM/DD/YYYY, DD.MM.YYYY, YYYY/MM/DD)',
  'sum PATH = PATH + PATH ± TOL   total equals the sum (items[].amount adds every item)',
  'before PATH < PATH             dates in order (<= allows the same day)',
  '# a comment; paths: a, a.b, items[].x, items[0].x',
].join('\n');

/** The selection's id when a rule's fields are selected. */
export function ruleSelectionId(r: Pick<RuleResult, 'line' | 'rule'>): string {
  return `rule line ${r.line}: ${r.rule}`;
}
