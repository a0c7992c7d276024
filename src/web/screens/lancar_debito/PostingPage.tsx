import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { Form, useNotify } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { KindInput } from '@kit';
import { councilDate } from '../../../shared/council-clock';
import { firstMessages } from '../../http/client';
import { PageTitle } from '../../layout/PageTitle';
import { failureOf } from '../../pages/bare/failure';
import { http } from '../../services';
import { principalRule, type DebtType } from './rules';

/** What the route reads (docs/API.md 'Manual posting'); a field it does not know is a 422 of the form. */
const FIELDS = ['party_id', 'registration_id', 'debt_type_id', 'exercise', 'due_date', 'posting_date', 'principal', 'base'] as const;

/**
 * 'Lançar débito' (docs/RECEIVABLES.md §3 'Manual posting', §9): the debtor (a person or company), its
 * registration, the debt type, the exercise, the posting and due dates, and the principal or a
 * forfeit's base where the debt type asks for them (./rules.ts says which); `POST
 * /api/control_account/lancamento`, then the new account's view. The server computes the principal
 * the debt type gives; a 422 shows on its field.
 */
export default function PostingPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const [problem, setProblem] = useState<string | null>(null);
  const post = async (values: Record<string, unknown>) => {
    setProblem(null);
    const body = Object.fromEntries(FIELDS.map((field) => [field, values[field] === '' || values[field] === undefined ? null : values[field]]));
    try {
      const { json } = await http<{ data: { id: number; formatted_number: string; status: number } }>({ method: 'POST', path: '/api/control_account/lancamento', body });
      notify(json.data.status === 6 ? `Conta ${json.data.formatted_number} lançada: aguarda confirmação.` : `Conta ${json.data.formatted_number} lançada.`, { type: 'success' });
      navigate(`/control_account/${json.data.id}/show`);
      return undefined;
    } catch (error) {
      const failure = failureOf(error);
      const fields = firstMessages(failure.fields) ?? {};
      const known = Object.fromEntries(Object.entries(fields).filter(([field]) => (FIELDS as readonly string[]).includes(field)));
      if (Object.keys(known).length === 0) setProblem(Object.values(fields)[0] ?? failure.message);
      return known;
    }
  };
  return (
    <Box sx={{ p: 2, maxWidth: 960 }}>
      <PageTitle title="Lançar débito" />
      <Card>
        <CardContent>
          <Form onSubmit={post} defaultValues={{ exercise: Number(councilDate().slice(0, 4)), posting_date: councilDate() }} noValidate>
            {problem && <Alert severity="error" sx={{ mb: 2 }}>{problem}</Alert>}
            <PostingInputs />
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}

function PostingInputs() {
  const typeId = useWatch({ name: 'debt_type_id' }) as number | null | undefined;
  const [type, setType] = useState<DebtType | null>(null);
  const { isSubmitting } = useFormState();
  useEffect(() => {
    if (typeId == null) return setType(null);
    let active = true;
    void http<{ data: DebtType }>({ path: `/api/tipo_debito/${typeId}` }).then(({ json }) => active && setType(json.data), () => active && setType(null));
    return () => {
      active = false;
    };
  }, [typeId]);
  const rule = principalRule(type);
  return (
    <Box sx={{ display: 'grid', columnGap: 2, rowGap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
      <KindInput source="party_id" kind="reference" label="Devedor" required reference={{ module: 'partes', typeAhead: true }} helperText="Uma pessoa ou empresa." />
      <KindInput
        source="registration_id"
        kind="reference"
        label="Inscrição"
        required={rule.registrationRequired}
        reference={{ module: 'inscricao', dependsOn: { field: 'party_id', param: 'party_id' } }}
        helperText={rule.registrationRequired ? 'O valor depende da faixa e da categoria da inscrição.' : 'Uma inscrição do devedor.'}
      />
      <KindInput source="debt_type_id" kind="reference" label="Tipo de débito" required reference={{ module: 'tipo_debito' }} helperText={rule.typeHelp} />
      <KindInput source="exercise" kind="integer" label="Exercício" required minimum={2000} maximum={2100} helperText="O ano cobrado." />
      <KindInput source="posting_date" kind="date" label="Data do lançamento" required helperText="Hoje ou um dia anterior." />
      <KindInput source="due_date" kind="date" label="Vencimento" required={rule.dueDateRequired} helperText={rule.dueDateRequired ? undefined : 'Em branco: o vencimento do valor da contribuição do exercício.'} />
      {rule.base && <KindInput source="base" kind="money" label="Base de cálculo" required helperText={rule.baseHelp} />}
      {rule.principal !== 'hidden' && (
        <KindInput source="principal" kind="money" label="Valor original" required={rule.principal === 'required'} helperText={rule.principalHelp} />
      )}
      {type && type.allow_create_without_confirmation !== true && (
        <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>Este tipo de débito não permite gerar sem confirmação: a conta aguardará 'Confirmar lançamento'.</Alert>
      )}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Button type="submit" variant="contained" disabled={isSubmitting}>Lançar</Button>
      </Box>
    </Box>
  );
}
