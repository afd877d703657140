import { useEffect, useRef, useState } from 'react';
import { usePasswordPrompt } from '../state/library/passwordPrompt.js';
import { ProtectedSearchOption } from './ProtectedSearchOption.js';

/**
 * The password of a protected PDF, asked in a modal dialog: the input has the focus, Enter
 * opens, Escape or Cancel gives up (nothing changes), a wrong password is said and asked
 * again. The input is uncontrolled, so the password is never written into the DOM as an
 * attribute, and it is cleared as soon as it is handed over. Below it: what is stored of the
 * document once it opens, and whether search may hold it (`ProtectedSearchOption`).
 */
export function PasswordDialog() {
  const question = usePasswordPrompt((s) => s.question);
  const answer = usePasswordPrompt((s) => s.answer);
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [empty, setEmpty] = useState(true);

  // Shown while there is a question, also again if the browser closed it meanwhile (a second Escape while an answer is checked).
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (question && !element.open) element.showModal();
    if (!question && element.open) element.close();
  }, [question]);

  // A new question (or the same one again, after a wrong password) starts with an empty field, focused.
  useEffect(() => {
    if (!question || question.checking || !input.current) return;
    input.current.value = '';
    setEmpty(true);
    input.current.focus();
  }, [question]);

  const submit = () => {
    const field = input.current;
    if (!field || !field.value || question?.checking) return;
    const password = field.value;
    field.value = '';
    setEmpty(true);
    answer(password);
  };

  return (
    <dialog
      ref={dialog}
      className="password-dialog"
      aria-labelledby="password-dialog-title"
      aria-describedby="password-dialog-why"
      data-testid="password-dialog"
      onCancel={(e) => {
        // Escape: the dialog closes through the store, so the one who asked hears "cancelled".
        e.preventDefault();
        if (!question?.checking) answer(null);
      }}
    >
      {question ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <h2 id="password-dialog-title">Password for “{question.documentName}”</h2>
          <p id="password-dialog-why">This PDF is protected by a password. Enter it to open the document.</p>
          <label className="password-field">
            Password
            <input
              ref={input}
              type="password"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={question.wrong}
              aria-describedby={question.wrong ? 'password-dialog-wrong password-dialog-privacy' : 'password-dialog-privacy'}
              onInput={(e) => setEmpty(e.currentTarget.value === '')}
              disabled={question.checking}
              data-testid="password-input"
            />
          </label>
          {question.wrong ? (
            <p id="password-dialog-wrong" className="field-error" role="alert" data-testid="password-wrong">
              That password does not open “{question.documentName}”. Check it (capital letters count) and try again.
            </p>
          ) : null}
          <p id="password-dialog-privacy" className="muted small" data-testid="password-privacy">
            The password is used on this computer only, to open the document here. It is never stored and never sent to any service.
          </p>
          <ProtectedSearchOption />
          <div className="password-dialog-actions">
            <button type="button" onClick={() => answer(null)} disabled={question.checking} data-testid="password-cancel">
              Cancel
            </button>
            <button type="submit" className="primary" disabled={empty || question.checking} data-testid="password-submit">
              {question.checking ? 'Checking…' : 'Open'}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
