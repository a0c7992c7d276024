import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify } from 'ra-core';
import { connection } from '../services';

export const FORBIDDEN_MESSAGE = 'Você não tem permissão para executar esta ação.';

/** A 403 from any request: a warning and back to the home page. */
export function AccessWatcher() {
  const notify = useNotify();
  const navigate = useNavigate();
  useEffect(
    () =>
      connection.onAccess((event) => {
        if (event !== 'forbidden') return;
        notify(FORBIDDEN_MESSAGE, { type: 'warning' });
        navigate('/');
      }),
    [notify, navigate],
  );
  return null;
}
