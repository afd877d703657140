import type { DocumentWarning } from '../../shared/document.js';

/** Damage the open document was read despite, on screen for as long as it is open. */
export function DocumentWarnings({ warnings }: { warnings: readonly DocumentWarning[] | undefined }) {
  if (!warnings || warnings.length === 0) return null;
  return (
    <ul className="document-warnings" data-testid="document-warnings" aria-label="About this file">
      {warnings.map((warning) => (
        <li key={warning.code} className="document-warning" data-code={warning.code}>
          {warning.message}
        </li>
      ))}
    </ul>
  );
}
