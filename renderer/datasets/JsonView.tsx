/** A readable, collapsible view of any JSON value (objects and arrays fold). */
export function JsonView({ value, name, depth = 0 }: { value: unknown; name?: string; depth?: number }) {
  const label = name !== undefined ? <span className="json-key">{name}: </span> : null;
  if (value === null || typeof value !== 'object') {
    const kind = value === null ? 'null' : typeof value;
    return (
      <div className="json-leaf">
        {label}
        <span className={`json-${kind}`}>{typeof value === 'string' ? JSON.stringify(value) : String(value)}</span>
      </div>
    );
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  return (
    <details className="json-node" open={depth < 3}>
      <summary>
        {label}
        <span className="muted">{summary}</span>
      </summary>
      <div className="json-children">
        {entries.map(([k, v]) => (
          <JsonView key={k} name={k} value={v} depth={depth + 1} />
        ))}
      </div>
    </details>
  );
}
