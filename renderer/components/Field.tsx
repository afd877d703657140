import type { ReactNode } from 'react';

interface Props {
  /** The label's text. */
  label: ReactNode;
  /** The input, select or textarea, and anything shown right after it (a form's own error line). */
  children: ReactNode;
  /** What is wrong with the value; shown instead of the hint. */
  error?: string | null | undefined;
  /** A line of help under the input. */
  hint?: ReactNode;
  className?: string;
  title?: string;
}

/**
 * A labelled input: the input sits inside its label, so the label names it (for screen readers
 * and for getByLabel), with what is wrong with it or a hint below.
 */
export function Field({ label, children, error, hint, className, title }: Props) {
  return (
    <label className={className} title={title}>
      {label}
      {children}
      {error ? <span className="field-error">{error}</span> : hint !== undefined ? <span className="field-help">{hint}</span> : null}
    </label>
  );
}
