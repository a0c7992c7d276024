import { useEffect, useState } from 'react';
import { useDataProvider, useListContext } from 'ra-core';
import type { Choice, FieldSpec } from '../types';
import { COMBOS_META } from '../combos';
import { TypeAheadFilter } from './TypeAheadFilter';

/** The kinds a list filters with a plain select (no MUI): the others use react-admin's filter form. */
export const PLAIN_FILTER_KINDS: readonly FieldSpec['kind'][] = ['enum', 'choices', 'boolean', 'reference'];

const BOOLEAN_CHOICES: Choice[] = [
  { id: 'true', name: 'Sim' },
  { id: 'false', name: 'Não' },
];

/**
 * The options of a filter; a reference's come from its module's combos (a failed load offers none).
 * `more`: the module holds more options than one answer brings, so the filter must ask as one types.
 */
function useFilterChoices(spec: FieldSpec): { choices: Choice[]; more: boolean } {
  const dataProvider = useDataProvider();
  const [loaded, setLoaded] = useState<{ choices: Choice[]; more: boolean }>({ choices: [], more: false });
  const module = spec.kind === 'reference' && !spec.reference?.typeAhead ? (spec.reference?.module ?? spec.source) : undefined;
  useEffect(() => {
    if (!module) return;
    let active = true;
    dataProvider
      .getList(module, { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' }, filter: {}, meta: COMBOS_META })
      .then(({ data, pageInfo }) => {
        if (active) setLoaded({ choices: data.map((r) => ({ id: r.id, name: String(r.name ?? '') })), more: pageInfo?.hasNextPage === true });
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [dataProvider, module]);
  if (spec.kind === 'boolean') return { choices: spec.choices ?? BOOLEAN_CHOICES, more: false };
  return module ? loaded : { choices: spec.choices ?? [], more: false };
}

/** The value a filter sends: the option's own id (a number stays a number), booleans as booleans. */
function filterValue(spec: FieldSpec, choices: Choice[], text: string): unknown {
  if (spec.kind === 'boolean') return text === 'true';
  return choices.find((c) => String(c.id) === text)?.id ?? text;
}

/**
 * One select per enum, yes/no or reference filter, 'Todos' clearing it, applied at once (a choices
 * field's select keeps the records holding the value chosen); a reference to
 * a large module (type-ahead, or more options than one answer brings) asks for its options as one types.
 */
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
  const { choices, more } = useFilterChoices(spec);
  const current = filterValues[spec.source];
  const set = (value: unknown) => {
    const { [spec.source]: _previous, ...rest } = filterValues;
    setFilters(value === undefined ? rest : { ...rest, [spec.source]: value }, displayedFilters);
  };
  if (spec.reference?.typeAhead || more) return <TypeAheadFilter spec={spec} value={current} onChange={set} />;
  return (
    <label className="filter">
      <span>{spec.label}</span>
      <select value={current == null ? '' : String(current)} onChange={(e) => set(e.target.value === '' ? undefined : filterValue(spec, choices, e.target.value))}>
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
