import type { AppError } from '../../shared/errors.js';

/** The message a v1 `{detail:[{loc}]}` (or a local check) gave for one field, shown beside it. */
export function FieldError({ error, field }: { error: AppError | null; field: string | undefined }) {
  const message = field ? error?.fields?.[field] : undefined;
  return message ? (
    <span className="field-error" data-testid="field-error" data-field={field}>
      {message}
    </span>
  ) : null;
}

/** Field messages that no input on the form shows, so nothing is lost. */
export function OtherFieldErrors({ error, shown }: { error: AppError | null; shown: string[] }) {
  const rest = Object.entries(error?.fields ?? {}).filter(([field]) => !shown.includes(field));
  if (rest.length === 0) return null;
  return (
    <ul className="field-error other-fields">
      {rest.map(([field, message]) => (
        <li key={field} data-testid="field-error" data-field={field}>
          <code>{field}</code>: {message}
        </li>
      ))}
    </ul>
  );
}
