import { useState } from 'react';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { http } from '../../services';
import { failureOf } from '../../pages/bare/failure';
import { detachedDatabasesOf } from '../platform/answers';
import { OnceDialog } from '../platform/OnceDialog';

/** Deletes the tenant after confirming; its databases are kept, detached, and the answer says where. */
export function DeleteTenantButton() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [kept, setKept] = useState<string[] | null>(null);
  if (!record) return null;
  const remove = async () => {
    setAsking(false);
    try {
      const { json } = await http<Record<string, unknown> | null>({ method: 'DELETE', path: `/api/clientes/${encodeURIComponent(String(record.id))}` });
      notify('Registro excluído com sucesso', { type: 'success' });
      refresh();
      const places = detachedDatabasesOf(json);
      if (places.length > 0) setKept(places);
      else navigate('/clientes');
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
    }
  };
  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setAsking(true)}>
        Excluir
      </Button>
      <Confirm
        isOpen={asking}
        title="Excluir cliente"
        content="Deseja realmente excluir este cliente e seus espaços? Os bancos de dados dos espaços não são apagados: ficam guardados, desligados do sistema."
        confirm="Sim"
        cancel="Não"
        onConfirm={remove}
        onClose={() => setAsking(false)}
      />
      {kept && (
        <OnceDialog title="Bancos de dados guardados" warning="Os bancos de dados dos espaços excluídos foram mantidos, desligados do sistema, em:" onClose={() => navigate('/clientes')}>
          <ul>
            {kept.map((place) => (
              <li key={place}>{place}</li>
            ))}
          </ul>
        </OnceDialog>
      )}
    </>
  );
}
