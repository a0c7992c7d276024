import { ResourceList, type FieldSpec } from '@kit/list';
import { AUDIT_EVENTS, MODULE_CHOICES } from './events';
import { DateBoundInput } from './DateBoundInput';

const columns: FieldSpec[] = [
  { source: 'created_at', kind: 'datetime', label: 'Data', sortable: true },
  { source: 'event', kind: 'enum', label: 'Evento', choices: AUDIT_EVENTS, sortable: true },
  { source: 'user_id', kind: 'reference', label: 'Usuário', reference: { module: 'usuarios' } },
  { source: 'module', kind: 'enum', label: 'Módulo', choices: MODULE_CHOICES, sortable: true },
  { source: 'record_id', kind: 'integer', label: 'Registro', sortable: true },
];

const filters: FieldSpec[] = [
  { source: 'user_id', kind: 'reference', label: 'Usuário', reference: { module: 'usuarios' } },
  { source: 'module', kind: 'enum', label: 'Módulo', choices: MODULE_CHOICES },
  { source: 'record_id', kind: 'integer', label: 'Registro' },
  { source: 'event', kind: 'enum', label: 'Evento', choices: AUDIT_EVENTS },
];

const dateRange = [
  <DateBoundInput key="created_at_gte" source="created_at_gte" label="De" alwaysOn />,
  <DateBoundInput key="created_at_lte" source="created_at_lte" label="Até" end alwaysOn />,
];

/** The audit log: newest first, filtered by user, module, record, event and a date range. */
export function AuditoriaList() {
  return <ResourceList columns={columns} filters={filters} extraFilters={dateRange} sort={{ field: 'id', order: 'DESC' }} search={false} />;
}
