import type { ParserName } from '../../shared/result.js';
import { useKeysStore } from '../state/keysStore.js';
import { MODEL_CHOICES, useRunSettings, type RunKeyKind } from '../state/runSettings.js';
import { DocumentUrlOption } from './DocumentUrlOption.js';
import { JobOptions } from './JobOptions.js';
import { Field } from '../components/Field.js';

/** The key kind each engine takes (as main's credentialFor is asked); each kind keeps its own choice. */
const KEY_KIND_FOR: Record<Exclude<ParserName, 'local'>, RunKeyKind> = { parse: 'v2', analyzer: 'analyzer' };

/** The options of the selected engine: key, model, pages and the engine's own switches. */
export function RunOptions({ engine }: { engine: ParserName }) {
  const settings = useRunSettings();
  const keys = useKeysStore((s) => s.keys);
  // In the order main picks the default: by kind preference, then as listed.
  const kind = engine === 'local' ? null : KEY_KIND_FOR[engine];
  const usableKeys = kind ? keys.filter((k) => k.kind === kind && k.enabled) : [];
  const customModel = !(MODEL_CHOICES as readonly string[]).includes(settings.model);

  return (
    <div className="engine-options" data-testid="engine-options">
      {kind ? (
        <Field label="Key">
          <select
            value={settings.keyIds[kind]}
            onChange={(e) => settings.set({ keyIds: { ...settings.keyIds, [kind]: e.target.value } })}
            data-testid="engine-key"
          >
            <option value="">{usableKeys[0] ? `${usableKeys[0].name} (first enabled)` : 'none'}</option>
            {usableKeys.map((k) => (
              <option key={k.id} value={k.id}>
                {k.name} · {k.masked}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {engine === 'parse' ? (
        <Field label="Model">
          <select
            value={customModel ? 'custom' : settings.model}
            onChange={(e) => settings.set({ model: e.target.value === 'custom' ? '' : e.target.value })}
            data-testid="engine-model"
          >
            {MODEL_CHOICES.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
            <option value="custom">dated snapshot…</option>
          </select>
          {customModel ? (
            <input
              value={settings.model}
              onChange={(e) => settings.set({ model: e.target.value })}
              placeholder="e.g. dpt-3-pro-20251103"
              data-testid="engine-model-custom"
            />
          ) : null}
        </Field>
      ) : null}
      {engine === 'parse' ? <DocumentUrlOption /> : null}
      {engine === 'parse' ? <JobOptions /> : null}
      <Field label="Pages">
        <input
          value={settings.pages}
          onChange={(e) => settings.set({ pages: e.target.value })}
          placeholder="all (or 1-3, 5)"
          data-testid="engine-pages"
        />
      </Field>
      {engine !== 'analyzer' ? (
        <>
          <label className="check">
            <input
              type="checkbox"
              checked={settings.atomicGrounding}
              onChange={(e) => settings.set({ atomicGrounding: e.target.checked })}
              data-testid="engine-atomic"
            />
            Atomic grounding
          </label>
          <label className="check">
            <input type="checkbox" checked={settings.inlineMarkdown} onChange={(e) => settings.set({ inlineMarkdown: e.target.checked })} />
            Inline Markdown
          </label>
        </>
      ) : null}
      {engine === 'parse' ? (
        <Field label="Per-block Markdown">
          <input
            value={settings.blocksMarkdown}
            onChange={(e) => settings.set({ blocksMarkdown: e.target.value })}
            placeholder='{"table": "html"}'
            data-testid="engine-blocks"
          />
        </Field>
      ) : null}
      {engine === 'analyzer' ? (
        <>
          <label className="check">
            <input
              type="checkbox"
              checked={settings.includeMarginalia}
              onChange={(e) => settings.set({ includeMarginalia: e.target.checked })}
            />
            Marginalia
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={settings.includeMetadataInMarkdown}
              onChange={(e) => settings.set({ includeMetadataInMarkdown: e.target.checked })}
            />
            Metadata in Markdown
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={settings.rotationDetection}
              onChange={(e) => settings.set({ rotationDetection: e.target.checked })}
            />
            Rotation detection
          </label>
          <label className="check" title="Send the Fields panel's schema as fields_schema">
            <input
              type="checkbox"
              checked={settings.analyzerExtract}
              onChange={(e) => settings.set({ analyzerExtract: e.target.checked })}
              data-testid="engine-analyzer-extract"
            />
            Extract fields (Fields schema)
          </label>
        </>
      ) : null}
    </div>
  );
}
