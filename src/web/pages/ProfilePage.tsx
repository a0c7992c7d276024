import { useCallback, useEffect, useState } from 'react';
import Card from '@mui/material/Card';
import Alert from '@mui/material/Alert';
import { HttpError, Loading, SaveButton, SimpleForm, Title, Toolbar, useGetIdentity, useNotify, type RaRecord } from 'react-admin';
import { InvalidFormNoticeCloser, isStaleSave, KindInput, MaterialFrame, StaleRecordDialog } from '@kit';
import { http, session } from '../services';
import { MUST_CHANGE_PASSWORD_MESSAGE } from '../providers/authProvider';
import { firstMessages } from '../http/client';
import { failureOf } from './bare/failure';

interface ProfileValues {
  name?: string;
  email?: string;
  image_profile?: string | null;
  password?: string | null;
  password_confirmation?: string | null;
}

/** The one rule across two fields: the confirmation repeats the new password. */
const confirmationMatches = (values: ProfileValues) =>
  (values.password || '') === (values.password_confirmation || '') ? {} : { password_confirmation: 'A confirmação da senha não confere.' };

/**
 * `/perfil`, open to everyone signed in: their own name, e-mail, image and, when typed, a new password
 * (blank keeps the current one), saved with PUT /api/perfil from the version the page loaded (a
 * change made meanwhile elsewhere is not overwritten: the page offers to reload).
 */
export default function ProfilePage() {
  return (
    <MaterialFrame>
      <ProfileForm />
    </MaterialFrame>
  );
}

function ProfileForm() {
  const notify = useNotify();
  const { refetch } = useGetIdentity();
  const [record, setRecord] = useState<RaRecord>();
  const [mustChange, setMustChange] = useState(session.mustChangePassword());
  const [stale, setStale] = useState<string | null>(null);
  const load = useCallback(
    () =>
      http<{ data: RaRecord }>({ path: '/api/perfil' })
        .then(({ json }) => setRecord(json.data))
        .catch((error) => notify(failureOf(error).message, { type: 'error' })),
    [notify],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const save = async (values: ProfileValues) => {
    const body = {
      name: values.name, email: values.email, image_profile: values.image_profile ?? null, password: values.password || '',
      password_confirmation: values.password_confirmation || '', updated_at: record?.updated_at,
    };
    try {
      const { json } = await http<{ data: RaRecord; message?: string }>({ method: 'PUT', path: '/api/perfil', body });
      setRecord(json.data);
      if (body.password) {
        session.setMustChangePassword(false);
        setMustChange(false);
      }
      notify(json.message || 'Perfil atualizado com sucesso.', { type: 'success' });
      await refetch();
      return undefined;
    } catch (error) {
      const failure = failureOf(error);
      if (error instanceof HttpError && isStaleSave(error)) {
        setStale(failure.message);
        return undefined;
      }
      if (Object.keys(failure.fields).length === 0) notify(failure.message, { type: 'error' });
      return firstMessages(failure.fields);
    }
  };
  return (
    // Laid out as the record forms are: the title in the top bar, the form in a card, its toolbar below.
    <Card sx={{ mt: 2 }}>
      <Title title="Perfil" />
      <h1 className="visually-hidden">Perfil</h1>
      <div>
        {mustChange && (
          <Alert severity="warning" role="alert" sx={{ m: 2, mb: 0, maxWidth: 960 }}>
            {MUST_CHANGE_PASSWORD_MESSAGE}
          </Alert>
        )}
        {record ? (
          <SimpleForm key={String(record.updated_at ?? record.id)} record={record} onSubmit={save} validate={confirmationMatches} sx={{ maxWidth: 960 }} noValidate toolbar={<Toolbar><SaveButton label="Salvar" /></Toolbar>}>
            <InvalidFormNoticeCloser />
            <KindInput source="image_profile" kind="image" label="Imagem de perfil" />
            <KindInput source="name" kind="text" label="Nome" required maxLength={255} />
            <KindInput source="email" kind="email" label="E-mail" required maxLength={255} />
            <KindInput source="password" kind="password" label="Nova senha" maxLength={255} helperText="Deixe em branco para manter a senha atual." />
            <KindInput source="password_confirmation" kind="password" label="Confirmação da nova senha" maxLength={255} />
          </SimpleForm>
        ) : (
          <Loading loadingPrimary="Carregando" loadingSecondary="Aguarde" />
        )}
        <StaleRecordDialog message={stale} onReload={load} onClose={() => setStale(null)} />
      </div>
    </Card>
  );
}
