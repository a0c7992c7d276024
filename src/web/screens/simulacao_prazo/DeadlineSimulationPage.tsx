import { useState } from 'react';
import Card from '@mui/material/Card';
import CalculateIcon from '@mui/icons-material/Calculate';
import { SaveButton, SimpleForm, Toolbar, useDataProvider, useNotify } from 'react-admin';
import { InvalidFormNoticeCloser, KindInput, MaterialFrame } from '@kit';
import { PageTitle } from '../../layout/PageTitle';
import { firstMessages } from '../../http/client';
import { failureOf } from '../../pages/bare/failure';
import type { DeadlinesProvider } from '../../providers/deadlines';
import { COUNTING_HELP, shownMoment, SIMULATION_FIELDS } from './fields';

/** What the page says once the server has counted: the end, and that nothing was stored. */
export const SIMULATED = 'Prazo simulado: vence em';

/**
 * `/simulacao_prazo`: when a deadline of a type would end, counted from a base date and time in a
 * place (its UF and municipality's holidays count). Nothing is stored: 'Simular' calculates (no save
 * icon), and its message says nothing was saved.
 */
export default function DeadlineSimulationPage() {
  return (
    <MaterialFrame>
      <PageTitle title="Simulação de prazo" />
      <h1 className="visually-hidden">Simulação de prazo</h1>
      <SimulationForm />
    </MaterialFrame>
  );
}

function SimulationForm() {
  const notify = useNotify();
  const provider = useDataProvider() as unknown as DeadlinesProvider;
  const [result, setResult] = useState<string | null>(null);

  const simulate = async (values: Record<string, unknown>) => {
    setResult(null);
    const time = typeof values.base_time === 'string' && /^\d{2}:\d{2}$/.test(values.base_time) ? values.base_time : '00:00';
    try {
      const answer = await provider.simulateDeadline({
        deadline_type_id: Number(values.deadline_type_id),
        amount: Number(values.amount),
        base_moment: `${String(values.base_date ?? '')} ${time}:00`,
        uf_id: (values.uf_id as number | null) ?? null,
        city_id: (values.city_id as number | null) ?? null,
      });
      const end = shownMoment(answer.data.deadline_moment);
      setResult(end);
      // A simulation stores nothing: the API's words ('… incluída com sucesso') would say it did.
      notify(`${SIMULATED} ${end}. Nada foi salvo.`, { type: 'success' });
      return undefined;
    } catch (error) {
      const failure = failureOf(error);
      const { base_moment: moment, ...fields } = failure.fields;
      if (Object.keys(failure.fields).length === 0) notify(failure.message, { type: 'error' });
      return firstMessages(moment ? { ...fields, base_date: moment } : fields);
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <SimpleForm record={{ base_time: '00:00' }} onSubmit={simulate} sx={{ maxWidth: 960 }} noValidate toolbar={<Toolbar><SaveButton label="Simular" icon={<CalculateIcon />} alwaysEnable /></Toolbar>}>
        <InvalidFormNoticeCloser />
        {SIMULATION_FIELDS.map((spec) => (
          <KindInput key={spec.source} {...spec} />
        ))}
        <output aria-live="polite" className="deadline-result">
          {result ? <strong>Vencimento: {result}</strong> : null}
        </output>
        <ul className="field-help">
          {COUNTING_HELP.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </SimpleForm>
    </Card>
  );
}
