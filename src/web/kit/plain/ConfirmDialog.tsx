import { useEffect, useId, useRef } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  content: string;
  onConfirm: () => void;
  onClose: () => void;
  /** While the confirmed action runs, both answers wait. */
  busy?: boolean;
}

/**
 * A yes/no question on the browser's own modal dialog (focus kept inside, Esc answers 'Não'),
 * answered 'Sim' or 'Não'.
 */
export function ConfirmDialog({ open, title, content, onConfirm, onClose, busy = false }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="confirm"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <h2 id={titleId}>{title}</h2>
          <p>{content}</p>
          <div className="actions">
            <button type="button" className="btn" onClick={onClose} disabled={busy}>
              Não
            </button>
            <button type="button" className="btn" onClick={onConfirm} disabled={busy} autoFocus>
              Sim
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
