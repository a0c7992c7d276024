import { useEffect, useState } from 'react';
import { Create, SimpleForm, useNotify, useRefresh, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { BackLink, CreateToolbar, KindInput, UnsavedChangesReporter } from '@kit';
import { inputs } from '@generated/web/sistemas/form';
import { http } from '../../services';
import { formErrors } from '../../pages/bare/failure';
import { systemTokenOf } from '../platform/answers';
import { OnceDialog, SecretLine } from '../platform/OnceDialog';

/** The generated inputs, the description given room to write in. */
function systemInputs() {
  const fields = inputs('create');
  return Object.values({ ...fields, description: { ...fields.description, kind: 'textarea' as const } });
}

/** `/sistemas/inserir`: the server generates the system's token and answers it this once; it is shown, then the record opens. */
export function SistemasCreate() {
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<RaRecord | null>(null);
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    if (saved && token === null) navigate(`/sistemas/${saved.id}`);
  }, [saved, token, navigate]);
  const save = async (values: Record<string, unknown>) => {
    try {
      const { json } = await http<{ data: RaRecord }>({ method: 'POST', path: '/api/sistemas', body: values });
      setToken(systemTokenOf(json));
      setSaved(json.data);
      notify('Registro salvo com sucesso', { type: 'success' });
      refresh();
      return undefined;
    } catch (error) {
      return formErrors(error, notify);
    }
  };
  return (
    <>
      <BackLink />
      <Create>
        <SimpleForm onSubmit={save} sx={{ maxWidth: 960 }} noValidate toolbar={<CreateToolbar />}>
          <UnsavedChangesReporter enabled={!saved} />
          {systemInputs().map((spec) => (
            <KindInput key={spec.source} {...spec} />
          ))}
        </SimpleForm>
      </Create>
      {token && (
        <OnceDialog title="Token do sistema" warning="Anote o token: ele não será mostrado novamente." onClose={() => setToken(null)}>
          <SecretLine label="Token" value={token} />
        </OnceDialog>
      )}
    </>
  );
}
