import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'ra-core';

interface AppErrorProps {
  error: Error;
  resetErrorBoundary: (...args: unknown[]) => void;
}

/** A screen that failed while drawing: what happened, in pt-BR, and a way back; moving elsewhere clears it. */
export function AppError({ error, resetErrorBoundary }: AppErrorProps) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (pathname !== shownAt.current) resetErrorBoundary();
  }, [pathname, resetErrorBoundary]);
  return (
    <div className="card" role="alert">
      <h1>{translate('ra.page.error')}</h1>
      <p>{translate('ra.message.error')}</p>
      <p>{translate(error.message, { _: error.message })}</p>
      <button type="button" className="btn btn-contained" onClick={() => window.history.back()}>
        {translate('ra.action.back')}
      </button>
    </div>
  );
}
