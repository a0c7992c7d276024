import { useId, useLayoutEffect, useRef } from 'react';

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
 * answered 'Sim' or 'Não'. The modal dialog makes the rest of the page inert, so it never outlives
 * what it shows: 'Não' closes it at once, and `open` turning false closes it in the same commit that
 * takes its text away. Otherwise, when the owner's render is slow or deferred (the router's blocker
 * answers in a transition), what is typed right after 'Não' lands on no field and is lost.
 */
export function ConfirmDialog({ open, title, content, onConfirm, onClose, busy = false }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  const answerNo = () => {
    dialog.current?.close();
    onClose();
  };
  return (
    <dialog
      ref={dialog}
      className="confirm"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) answerNo();
      }}
    >
      {open && (
        <>
          <h2 id={titleId}>{title}</h2>
          <p>{content}</p>
          <div className="actions">
            <button type="button" className="btn" onClick={answerNo} disabled={busy}>
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
