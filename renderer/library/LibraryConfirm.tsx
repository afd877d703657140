import { useEffect, useRef } from 'react';

/** An inline "move to trash?" question: says exactly what goes, takes the focus, Escape cancels. */
export function LibraryConfirm({ message, onConfirm, onCancel }: { message: string; onConfirm: () => void; onCancel: () => void }) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The focus comes back to the button that asked (a keyboard user stays in place after Cancel).
    const opener = window.document.activeElement;
    confirm.current?.focus();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  return (
    <div
      className="library-confirm"
      role="group"
      aria-label="Confirm moving to the trash"
      data-testid="library-confirm"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <p data-testid="library-confirm-message">{message}</p>
      <div className="library-confirm-actions">
        <button type="button" className="danger" ref={confirm} onClick={onConfirm} data-testid="library-confirm-delete">
          Move to trash
        </button>
        <button type="button" onClick={onCancel} data-testid="library-confirm-cancel">
          Cancel
        </button>
      </div>
    </div>
  );
}
