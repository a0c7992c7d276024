import { useEffect } from 'react';
import { ResourceCreate } from '@kit';
import { useFormContext } from 'react-hook-form';
import { AcoesFiscalizacaoInputs } from '@generated/web/acoes_fiscalizacao/Inputs';
import { http } from '../../services';

/**
 * `/acoes_fiscalizacao/inserir`: the generated form; as it opens, the supervisor check (spec 002 §6,
 * `GET /api/acoes_fiscalizacao/supervisor_check`) puts the signed-in person among the supervisors
 * when they are one. Opened from an inspection (`?source={"inspection_id":…}`), the inspection comes filled.
 */
export function AcoesFiscalizacaoCreate() {
  return (
    <ResourceCreate>
      <SupervisorCheck />
      <AcoesFiscalizacaoInputs mode="create" />
    </ResourceCreate>
  );
}

function SupervisorCheck() {
  const form = useFormContext();
  useEffect(() => {
    let active = true;
    http({ path: '/api/acoes_fiscalizacao/supervisor_check' }).then(
      ({ json }) => {
        const answer = (json as { data?: { supervisor?: boolean; user_id?: number | null } }).data;
        if (!active || answer?.supervisor !== true || answer.user_id == null) return;
        const rows = (form.getValues('supervisors') as { user_id?: unknown }[] | undefined) ?? [];
        if (rows.some((row) => String(row?.user_id) === String(answer.user_id))) return;
        form.setValue('supervisors', [{ user_id: answer.user_id }, ...rows.filter((row) => row?.user_id != null && row.user_id !== '')], { shouldDirty: false });
      },
      // The check only helps: a refusal leaves the list as it is, and the server asks for a supervisor.
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [form]);
  return null;
}
