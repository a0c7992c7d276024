import { useEffect, useState, useSyncExternalStore } from 'react';
import { connection } from '../services';

const DELAY_MS = 500;

/** A thin progress bar at the top, shown only when a request has been running for more than 500 ms. */
export function RequestIndicator() {
  const busy = useSyncExternalStore(connection.subscribe, () => connection.get().pending > 0);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!visible) return null;
  return <div className="progress" role="progressbar" aria-label="Carregando" />;
}
