import { useEffect, type ReactNode } from 'react';
import { CloseIcon } from '@kit/plain/icons';

/** A message box: an error is announced at once (`alert`), a success politely (`status`). */
export function BareAlert({ severity, children }: { severity: 'error' | 'success'; children: ReactNode }) {
  return (
    <div className={`alert alert-${severity}`} role={severity === 'error' ? 'alert' : 'status'}>
      <span className="alert-text">{children}</span>
    </div>
  );
}

/** A success message brought from another page, at the bottom; it leaves after 10 seconds or when closed. */
export function BareNotice({ message, onClose }: { message: string; onClose: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onClose, 10_000);
    return () => clearTimeout(timer);
  }, [onClose]);
  return (
    <div className="alert alert-filled alert-success toast" role="status">
      <span className="alert-text">{message}</span>
      <button type="button" className="icon-btn" aria-label="Fechar" onClick={onClose}>
        <CloseIcon />
      </button>
    </div>
  );
}
