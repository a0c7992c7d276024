import { ResourceList } from '@kit/list';
import { columns, filters, list } from '@generated/web/auditoria/List';
import { MODULE_CHOICES } from './events';
import { DateBoundInput } from './DateBoundInput';

/** The module as the menu names it, a choice among the modules rather than typed text. */
const moduleChoice = { kind: 'enum', choices: MODULE_CHOICES } as const;

const auditColumns = [
  { ...columns.created_at, label: 'Data' },
  columns.event,
  columns.user_id,
  { ...columns.module, ...moduleChoice },
  columns.record_id,
];

// The date goes as a range of days ('De', 'Até') below.
const auditFilters = [filters.user_id, { ...filters.module, ...moduleChoice }, filters.record_id, filters.event];

const dateRange = [
  <DateBoundInput key="created_at_gte" source="created_at_gte" label="De" alwaysOn />,
  <DateBoundInput key="created_at_lte" source="created_at_lte" label="Até" end alwaysOn />,
];

/** The audit log: newest first, filtered by user, module, record, event and a date range. */
export function AuditoriaList() {
  return <ResourceList {...list} columns={auditColumns} filters={auditFilters} extraFilters={dateRange} search={false} />;
}
