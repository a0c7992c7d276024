import { useState } from 'react';
import { HttpError, useNotify, useRefresh, type RaRecord } from 'react-admin';
import { isStaleSave } from '@kit';
import { http } from '../../services';
import { firstMessages } from '../../http/client';
import { failureOf } from '../../pages/bare/failure';
import { initialAdminsOf, type InitialAdmin } from '../platform/answers';
import { tenantBody } from './fields';

/**
 * Saves a tenant with its spaces by POST or PUT and keeps what only this answer carries: the first
 * administrators of the spaces just created, with their one-time passwords. Every tenant write
 * refreshes the cached queries, so the space combos reload. A save carries the version the form
 * opened; one made over somebody else's change is refused and `stale` holds why.
 */
export function useSaveTenant(id?: RaRecord['id']) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [admins, setAdmins] = useState<InitialAdmin[]>([]);
  const [saved, setSaved] = useState<RaRecord | null>(null);
  /** The server's message when someone else saved the tenant since the form opened. */
  const [stale, setStale] = useState<string | null>(null);
  const save = async (values: Record<string, unknown>) => {
    try {
      const { json } = await http<{ data: RaRecord; message?: string }>({
        method: id == null ? 'POST' : 'PUT',
        path: id == null ? '/api/clientes' : `/api/clientes/${encodeURIComponent(String(id))}`,
        body: tenantBody(values),
      });
      setAdmins(initialAdminsOf(json));
      setSaved(json.data);
      notify('Registro salvo com sucesso', { type: 'success' });
      refresh();
      return undefined;
    } catch (error) {
      const failure = failureOf(error);
      if (error instanceof HttpError && isStaleSave(error)) {
        setStale(failure.message);
        return {};
      }
      const fields = firstMessages(failure.fields) ?? {};
      // A space's field may be closed in the form: its message also goes to the notification.
      const hidden = Object.entries(fields).find(([field]) => field.startsWith('tenant_configs'));
      if (Object.keys(fields).length === 0 || hidden) notify(hidden ? hidden[1] : failure.message, { type: 'error' });
      return fields;
    }
  };
  return { save, admins, saved, clearAdmins: () => setAdmins([]), stale, clearStale: () => setStale(null) };
}
