import { useEffect, useMemo, useState } from 'react';
import { useDataProvider, type RaRecord } from 'ra-core';
import type { FieldSpec } from '../types';
import { COMBOS_META } from '../combos';
import { referenceNeeds, type ReferenceNames } from './cellText';

/**
 * The names of the records the page's reference columns point to: one combos request per referenced
 * module for the whole page, instead of a react-admin field (and its contexts) in every cell.
 * A failed load leaves the names empty (the specification swallows combo errors).
 */
export function useReferenceNames(columns: readonly FieldSpec[], rows: readonly RaRecord[]): ReferenceNames {
  const dataProvider = useDataProvider();
  const needs = useMemo(() => referenceNeeds(columns, rows), [columns, rows]);
  const key = JSON.stringify([...needs]);
  const [names, setNames] = useState<ReferenceNames>({});
  useEffect(() => {
    if (needs.size === 0) return;
    let active = true;
    const loads = [...needs].map(([module, ids]) =>
      dataProvider
        .getMany(module, { ids, meta: COMBOS_META })
        .then(({ data }) => [module, Object.fromEntries(data.map((r) => [String(r.id), String(r.name ?? '')]))] as const)
        .catch(() => [module, {}] as const),
    );
    void Promise.all(loads).then((entries) => {
      if (active) setNames((known) => ({ ...known, ...Object.fromEntries(entries) }));
    });
    return () => {
      active = false;
    };
    // `key` stands for `needs`: the same ids must not load again on every render.
  }, [key, dataProvider]);
  return names;
}
