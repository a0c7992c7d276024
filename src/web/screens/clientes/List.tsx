import { ResourceList, type FieldSpec } from '@kit/list';

const columns: FieldSpec[] = [
  { source: 'id', kind: 'id', label: 'ID', sortable: true },
  { source: 'name', kind: 'text', label: 'Nome', sortable: true },
  { source: 'initials', kind: 'text', label: 'Sigla', sortable: true },
  { source: 'email', kind: 'email', label: 'E-mail', sortable: true },
  { source: 'active', kind: 'boolean', label: 'Ativo', sortable: true },
  {
    source: 'tenant_configs',
    kind: 'sublist',
    label: 'Espaços',
    sublist: {
      itemLabel: 'espaço',
      fields: [
        { source: 'tenant_name', kind: 'text', label: 'Espaço' },
        { source: 'active', kind: 'boolean', label: 'Ativo' },
      ],
    },
  },
];
const filters: FieldSpec[] = [{ source: 'active', kind: 'boolean', label: 'Ativo' }];

/** The tenants the caller's space may see; each space as 'name - Sim/Não' (active). */
export function ClientesList() {
  return <ResourceList columns={columns} filters={filters} sort={{ field: 'name', order: 'ASC' }} search />;
}
