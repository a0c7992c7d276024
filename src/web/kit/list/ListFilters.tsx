import type { ReactElement } from 'react';
import { FilterForm } from 'react-admin';
import type { FieldSpec } from '../types';
import { KindInput } from '../KindInput';
import { MaterialFrame } from '../material/MaterialFrame';

/** The schema's filters (react-admin's MUI inputs in its filter form), then the hand-written ones. */
export default function ListFilters({ filters, extraFilters }: { filters: FieldSpec[]; extraFilters: ReactElement[] }) {
  const inputs = [...filters.map((spec) => <KindInput key={spec.source} {...spec} filter alwaysOn />), ...extraFilters];
  return (
    <MaterialFrame>
      <FilterForm filters={inputs} />
    </MaterialFrame>
  );
}
