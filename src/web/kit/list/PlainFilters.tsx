import { useEffect, useState } from 'react';
import { useDataProvider, useListContext } from 'ra-core';
import type { Choice, FieldSpec } from '../types';
import { COMBOS_META } from '../combos';

/** The kinds a list filters with a plain select (no MUI): the others use react-admin's filter form. */
export const PLAIN_FILTER_KINDS: readonly FieldSpec['kind'][] = ['enum', 'boolean', 'reference'];

const BOOLEAN_CHOICES: Choice[] = [
  { id: 'true', name: 'Sim' },
  { id: 'false', name: 'Não' },
];

/** The options of a filter; a reference's come from its module's combos (a failed load offers none). */
function useFilterChoices(spec: FieldSpec): Choice[] {
  const dataProvider = useDataProvider();
  const [loaded, setLoaded] = useState<Choice[]>([]);
  const module = spec.kind === 'reference' ? (spec.reference?.module ?? spec.source) : undefined;
  useEffect(() => {
    if (!module) return;
    let active = true;
    dataProvider
      .getList(module, { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' }, filter: {}, meta: COMBOS_META })
      .then(({ data }) => active && setLoaded(data.map((r) => ({ id: r.id, name: String(r.name ?? '') }))))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [dataProvider, module]);
  if (spec.kind === 'boolean') return spec.choices ?? BOOLEAN_CHOICES;
  return module ? loaded : (spec.choices ?? []);
}

/** The value a filter sends: the option's own id (a number stays a number), booleans as booleans. */
function filterValue(spec: FieldSpec, choices: Choice[], text: string): unknown {
  if (spec.kind === 'boolean') return text === 'true';
  return choices.find((c) => String(c.id) === text)?.id ?? text;
}

/** One select per enum, yes/no or reference filter, 'Todos' clearing it, applied at once. */
export function PlainFilters({ filters }: { filters: FieldSpec[] }) {
  return (
    <>
      {filters.map((spec) => (
        <PlainFilter key={spec.source} spec={spec} />
      ))}
    </>
  );
}

function PlainFilter({ spec }: { spec: FieldSpec }) {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const choices = useFilterChoices(spec);
  const current = filterValues[spec.source];
  const change = (text: string) => {
    const { [spec.source]: _previous, ...rest } = filterValues;
    setFilters(text === '' ? rest : { ...rest, [spec.source]: filterValue(spec, choices, text) }, displayedFilters);
  };
  return (
    <label className="filter">
      <span>{spec.label}</span>
      <select value={current == null ? '' : String(current)} onChange={(e) => change(e.target.value)}>
        <option value="">Todos</option>
        {choices.map((choice) => (
          <option key={String(choice.id)} value={String(choice.id)}>
            {choice.name}
          </option>
        ))}
      </select>
    </label>
  );
}
