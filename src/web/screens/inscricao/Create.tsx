import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Create, SaveButton, SimpleForm } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { BackLink, CREATED_PARAM, KindInput, RETURN_PARAM, UnsavedChangesReporter, unsavedChanges } from '@kit';
import { inputs } from '@generated/web/inscricao/form';
import { http } from '../../services';
import { keepDraft, takeDraft, type RegistrationDraft } from './draft';
import { optionOf, rangesOf } from './options';
import { PARTY_FORMS, PartyFinder, type PersonType } from './PartyFinder';
import { RegistrationSummary } from './RegistrationSummary';
import { STEPS, stepOf } from './steps';

const specs = inputs('create');

export const OPEN_ELSEWHERE = (number: string) => `Este inscrito já tem uma inscrição ativa ou pausada nesta categoria e tipo de registro (${number}).`;
export const NUMBERS_DRAWN = 'O número da inscrição e o do processo vêm das sequências ao salvar.';
export const NUMBER_DISABLED = 'A situação escolhida deixa a inscrição sem número.';

/**
 * `/inscricao/inserir`: the registration in steps (spec 001: a multi-step form from step 1): the
 * person type, the party found by its CPF or CNPJ (or registered on its own form and brought back),
 * the category, then type, phase and situation taking the defaults of what was chosen before, the
 * contribution range and dates, the numbers where the phase types them, notes, and a review. The
 * server checks everything again on save; a 422 opens the step of its first field.
 */
export function InscricaoCreate() {
  const [params] = useSearchParams();
  const { key } = useLocation();
  const [restored] = useState(() => {
    const draft = takeDraft(key);
    return { draft, created: draft ? params.get(CREATED_PARAM) : null };
  });
  return (
    <>
      <BackLink />
      <Create redirect="edit">
        <SimpleForm noValidate toolbar={false} defaultValues={restored.draft?.values ?? { status: 1 }} sx={{ maxWidth: 960 }}>
          <UnsavedChangesReporter enabled />
          <RegistrationSteps draft={restored.draft} created={restored.created} />
        </SimpleForm>
      </Create>
    </>
  );
}

function RegistrationSteps({ draft, created }: { draft: RegistrationDraft | null; created: string | null }) {
  const form = useFormContext();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width:600px)');
  const [step, setStep] = useState(draft ? (created ? Math.max(draft.step, 2) : draft.step) : 0);
  const [taxId, setTaxId] = useState(draft?.taxId ?? '');
  const personType = useWatch({ name: 'person_type' }) as PersonType | undefined;
  const categoryId = useWatch({ name: 'category_id' });
  const typeId = useWatch({ name: 'registration_type_id' });
  const phaseId = useWatch({ name: 'registration_phase_id' });
  const situationId = useWatch({ name: 'situation_id' });
  const [phase, setPhase] = useState<Record<string, any> | null>(null);
  const [situation, setSituation] = useState<Record<string, any> | null>(null);
  const seen = useRef({ category: form.getValues('category_id'), type: form.getValues('registration_type_id'), person: form.getValues('person_type') });

  // A person or company registered on its own form comes back chosen.
  useEffect(() => {
    if (!created || !draft) return;
    const module = PARTY_FORMS[draft.values.person_type as PersonType]?.module;
    if (!module) return;
    void http<{ data: Record<string, any> }>({ path: `/api/${module}/${encodeURIComponent(created)}` }).then(({ json }) => {
      form.setValue('party_id', json.data.party_id, { shouldDirty: true });
      setTaxId(String(json.data[PARTY_FORMS[draft.values.person_type as PersonType].field] ?? ''));
    });
  }, [created, draft, form]);

  // Another person type: the party and the category chosen for the other are no longer options.
  useEffect(() => {
    if (personType === seen.current.person) return;
    seen.current.person = personType;
    form.setValue('party_id', null);
    form.setValue('category_id', null);
    setTaxId('');
  }, [personType, form]);

  // A category chosen gives its default registration type and its main contribution range.
  useEffect(() => {
    if (categoryId === seen.current.category) return;
    seen.current.category = categoryId;
    void Promise.all([optionOf('categoria', categoryId), rangesOf(categoryId)]).then(([category, ranges]) => {
      form.setValue('registration_type_id', category?.registration_type_default ?? null, { shouldDirty: true });
      form.setValue('contribution_range_id', ranges.find((range) => range.main)?.id ?? null, { shouldDirty: true });
    });
  }, [categoryId, form]);

  // A registration type chosen gives its default phase and situation.
  useEffect(() => {
    if (typeId === seen.current.type) return;
    seen.current.type = typeId;
    void optionOf('tipos_registro', typeId).then((type) => {
      form.setValue('registration_phase_id', type?.number_phases_default ?? null, { shouldDirty: true });
      form.setValue('situation_id', type?.situation_default ?? null, { shouldDirty: true });
    });
  }, [typeId, form]);

  useEffect(() => void optionOf('fases_inscricao', phaseId).then(setPhase), [phaseId]);
  useEffect(() => void optionOf('situacoes', situationId).then(setSituation), [situationId]);

  // A save the server refused opens the step of its first field.
  const { submitCount, errors } = form.formState;
  useEffect(() => {
    const fields = Object.keys(errors);
    if (submitCount > 0 && fields.length > 0) setStep(stepOf(fields));
  }, [submitCount, errors]);

  const typing = phase?.numeration_externally_controlled === true && situation?.disable_number !== true;

  // One step at a time: a second click while the step is being checked (a look-up on step 4) would
  // otherwise start from the same step, and the two would move one step or none.
  const [advancing, setAdvancing] = useState(false);
  const inFlight = useRef(false);
  const next = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setAdvancing(true);
    try {
      const fields = [...STEPS[step].fields].filter(() => step !== 5 || typing);
      if (!(await form.trigger(fields))) return;
      if (step === 3 && !(await checkOpenRegistration())) return;
      setStep(step + 1);
    } finally {
      inFlight.current = false;
      setAdvancing(false);
    }
  };

  /** The look-up with category and type check (spec 001 §7): a party already registered there is told now. */
  const checkOpenRegistration = async (): Promise<boolean> => {
    const partyForm = personType ? PARTY_FORMS[personType] : undefined;
    if (!partyForm || !partyForm.valid(taxId)) return true;
    const digits = taxId.replace(/[^0-9A-Za-z]/g, '');
    const { json } = await http<{ open_registration: { formatted_number: string | null; id: number } | null }>({
      path: `/api/${partyForm.module}/${partyForm.by}/${digits}/category/${categoryId}/type/${typeId}`,
    });
    if (!json.open_registration) return true;
    form.setError('registration_type_id', { type: 'server', message: OPEN_ELSEWHERE(json.open_registration.formatted_number ?? `inscrição ${json.open_registration.id}`) });
    return false;
  };

  const register = (typed: string) => {
    const partyForm = PARTY_FORMS[personType!];
    keepDraft({ step, values: form.getValues(), taxId: typed });
    // What was typed is kept in the draft and comes back with the steps: leaving loses nothing.
    unsavedChanges.clear();
    const source = encodeURIComponent(JSON.stringify({ [partyForm.field]: typed }));
    navigate(`/${partyForm.module}/inserir?source=${source}&${RETURN_PARAM}=${encodeURIComponent('/inscricao/inserir')}`);
  };

  const shown = (field: keyof typeof specs, extra: Record<string, unknown> = {}) => <KindInput key={field} {...specs[field]} {...extra} />;

  return (
    <Box sx={{ width: '100%' }}>
      {phone ? (
        <Typography variant="subtitle1" component="p" sx={{ mb: 2 }}>
          Passo {step + 1} de {STEPS.length}: {STEPS[step].label}
        </Typography>
      ) : (
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
          {STEPS.map((item) => (
            <Step key={item.label}>
              <StepLabel>{item.label}</StepLabel>
            </Step>
          ))}
        </Stepper>
      )}
      <Section on={step === 0}>{shown('person_type')}</Section>
      <Section on={step === 1}>
        {personType ? (
          <PartyFinder key={personType} personType={personType} taxId={taxId} onTaxId={setTaxId} onRegister={register} />
        ) : null}
        {shown('party_id', { helperText: 'Ou escolha pelo nome.' })}
      </Section>
      <Section on={step === 2}>{shown('category_id')}</Section>
      <Section on={step === 3}>
        {shown('registration_type_id')}
        {shown('registration_phase_id')}
        {shown('situation_id')}
      </Section>
      <Section on={step === 4}>
        {shown('contribution_range_id')}
        {STEPS[4].fields.filter((field) => field !== 'contribution_range_id').map((field) => shown(field))}
      </Section>
      <Section on={step === 5}>
        {situation?.disable_number ? (
          <Typography role="note">{NUMBER_DISABLED}</Typography>
        ) : typing ? (
          <>
            {shown('number', { required: true })}
            {shown('formatted_number', situation?.number_mask ? { helperText: `Máscara: ${situation.number_mask}` } : {})}
            {shown('book_number')}
            {shown('leaf_number')}
            {shown('order_number')}
            {shown('process_number')}
            {shown('process_formatted_number')}
          </>
        ) : (
          <Typography role="note">{NUMBERS_DRAWN}</Typography>
        )}
        {shown('process_date')}
      </Section>
      <Section on={step === 6}>{shown('notes')}</Section>
      <Section on={step === 7}>
        <RegistrationSummary />
      </Section>
      <Box sx={{ display: 'flex', gap: 2, mt: 3, py: 2, borderTop: 1, borderColor: 'divider' }}>
        <Button variant="outlined" disabled={step === 0} onClick={() => setStep(step - 1)}>
          Voltar
        </Button>
        {step < STEPS.length - 1 ? (
          <Button variant="contained" disabled={advancing} onClick={() => void next()}>
            Próximo
          </Button>
        ) : (
          <SaveButton label="Salvar" alwaysEnable />
        )}
      </Box>
    </Box>
  );
}

/** A step's inputs stay mounted while hidden, so the form keeps their values and checks them on save. */
function Section({ on, children }: { on: boolean; children: React.ReactNode }) {
  return <Box sx={{ display: on ? 'flex' : 'none', flexDirection: 'column', gap: 1 }}>{children}</Box>;
}
