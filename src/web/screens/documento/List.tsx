import { ResourceList } from '@kit/list';
import { filters, list } from '@generated/web/documento/List';

/** The archive filter as the spec words it: Todos, Arquivados, Não Arquivados. */
const filedFilter = {
  ...filters.filed,
  label: 'Arquivamento',
  choices: [
    { id: 'true', name: 'Arquivados' },
    { id: 'false', name: 'Não Arquivados' },
  ],
};

/** `/documento`: the generated list, its archive filter named as the spec names it. */
export function DocumentoList() {
  return <ResourceList {...list} filters={list.filters.map((spec) => (spec.source === 'filed' ? filedFilter : spec))} />;
}
