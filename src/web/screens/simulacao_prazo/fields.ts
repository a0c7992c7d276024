import type { FieldSpec } from '@kit/types';

/** How the engine counts, as the help under the form says it (docs/DEADLINES.md). */
export const COUNTING_HELP = [
  'Dias: exclui-se o dia do começo e inclui-se o do vencimento; em dias úteis, contam só os dias com expediente no local (sem sábados, domingos e feriados nacionais, da UF, do município e de convenção); em dias corridos, contam todos.',
  'O vencimento que cair em dia sem expediente passa ao primeiro dia útil seguinte; o prazo em dias, meses ou anos vence às 23:59:59 do último dia.',
  'Meses e anos: de data a data; sem o mesmo dia no mês do vencimento, vence no último dia do mês.',
  'Minutos e horas: de minuto a minuto, em tempo corrido (noites, fins de semana e feriados contam).',
];

/** The simulation form: the type, the amount, the base date and time, and where the deadline runs. */
export const SIMULATION_FIELDS: FieldSpec[] = [
  { source: 'deadline_type_id', kind: 'reference', label: 'Tipo de prazo', required: true, reference: { module: 'tipos_prazo' } },
  { source: 'amount', kind: 'integer', label: 'Quantidade', required: true, minimum: 1, maximum: 9999 },
  { source: 'base_date', kind: 'date', label: 'Data base', required: true },
  { source: 'base_time', kind: 'time', label: 'Hora base', required: true, defaultValue: '00:00' },
  { source: 'uf_id', kind: 'reference', label: 'UF', reference: { module: 'uf' } },
  { source: 'city_id', kind: 'reference', label: 'Município', reference: { module: 'municipios', dependsOn: { field: 'uf_id', param: 'uf_id' }, typeAhead: true } },
];

/** `YYYY-MM-DD HH:mm:ss` as people read it: `DD/MM/YYYY HH:mm:ss`. */
export const shownMoment = (moment: string) => `${moment.slice(8, 10)}/${moment.slice(5, 7)}/${moment.slice(0, 4)} ${moment.slice(11)}`;
