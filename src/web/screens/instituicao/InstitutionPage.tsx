import { useCallback, useEffect, useState } from 'react';
import Card from '@mui/material/Card';
import { HttpError, Loading, SaveButton, SimpleForm, Toolbar, useDataProvider, useNotify } from 'react-admin';
import { InvalidFormNoticeCloser, isStaleSave, KindInput, MaterialFrame, StaleRecordDialog } from '@kit';
import { PageTitle } from '../../layout/PageTitle';
import { firstMessages } from '../../http/client';
import { failureOf } from '../../pages/bare/failure';
import type { InstitutionChange, InstitutionProvider, InstitutionSettings } from '../../providers/institution';
import { INSTITUTION_FIELDS, movedSentence } from './fields';

/**
 * `/instituicao`: the institution's settings, one form (no list): the institution, its president and
 * whether a change of institution moves the current work relations. Saved from the version the page
 * loaded: someone else's save meanwhile is not overwritten (the page offers to reload).
 */
export default function InstitutionPage() {
  return (
    <MaterialFrame>
      <PageTitle title="Instituição" />
      <h1 className="visually-hidden">Instituição</h1>
      <InstitutionForm />
    </MaterialFrame>
  );
}

function InstitutionForm() {
  const notify = useNotify();
  const provider = useDataProvider() as unknown as InstitutionProvider;
  const [settings, setSettings] = useState<InstitutionSettings>();
  const [stale, setStale] = useState<string | null>(null);
  const load = useCallback(
    () => provider.readInstitution().then(setSettings, (error: unknown) => notify(failureOf(error).message, { type: 'error' })),
    [provider, notify],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (values: Record<string, unknown>) => {
    const change: InstitutionChange = {
      institution_id: (values.institution_id as number | null) ?? null,
      president_id: (values.president_id as number | null) ?? null,
      update_job_relations: values.update_job_relations === true,
    };
    try {
      const saved = await provider.saveInstitution(change, settings?.updated_at ?? null);
      setSettings(saved.data);
      notify(`${saved.message}${movedSentence(saved.moved_work_relations)}`, { type: 'success' });
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
    // Laid out as the record forms are: the form in a card, its toolbar below.
    <Card sx={{ mt: 2 }}>
      {settings ? (
        <SimpleForm key={String(settings.updated_at)} record={{ id: 'instituicao', ...settings }} onSubmit={save} sx={{ maxWidth: 960 }} noValidate toolbar={<Toolbar><SaveButton label="Salvar" /></Toolbar>}>
          <InvalidFormNoticeCloser />
          {INSTITUTION_FIELDS.map((spec) => (
            <KindInput key={spec.source} {...spec} />
          ))}
        </SimpleForm>
      ) : (
        <Loading loadingPrimary="Carregando" loadingSecondary="Aguarde" />
      )}
      <StaleRecordDialog message={stale} onReload={load} onClose={() => setStale(null)} />
    </Card>
  );
}
