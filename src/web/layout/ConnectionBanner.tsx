import { useEffect, useSyncExternalStore } from 'react';
import { connection, http } from '../services';

const RETRY_MS = 5_000;

/** A visible 'disconnected' state while the server cannot be reached; it checks again until one request succeeds. */
export function ConnectionBanner() {
  const { disconnected } = useSyncExternalStore(connection.subscribe, connection.get);
  useEffect(() => {
    if (!disconnected) return;
    const timer = setInterval(() => void http({ path: '/api/health' }).catch(() => undefined), RETRY_MS);
    return () => clearInterval(timer);
  }, [disconnected]);
  if (!disconnected) return null;
  return (
    <div className="alert alert-filled alert-error banner" role="alert">
      Sem conexão com o servidor. As alterações podem não ser salvas; tentando reconectar…
    </div>
  );
}
