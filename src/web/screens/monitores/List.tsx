import type { RaRecord } from 'ra-core';
import { ResourceList, type FieldSpec } from '@kit/list';
import { choices } from '@generated/web/monitores/choices';
import { formatResponseTime, statusChip } from './status';

/** How often the open grid asks again, so a monitor's new status shows without reloading. */
const REFRESH_MS = 10_000;

const columns: FieldSpec[] = [
  { source: 'uptime_status', kind: 'enum', label: 'Situação', choices: choices.uptime_status, sortable: true },
  { source: 'system_name', kind: 'text', label: 'Sistema', sortable: true },
  { source: 'service_name', kind: 'text', label: 'Serviço', sortable: true },
  { source: 'url', kind: 'url', label: 'URL', sortable: true },
  { source: 'uptime_last_check_date', kind: 'datetime', label: 'Última verificação', sortable: true },
  { source: 'uptime_check_last_response_time', kind: 'integer', label: 'Tempo de resposta', sortable: true },
  { source: 'uptime_check_failure_reason', kind: 'text', label: 'Motivo da falha', sortable: false },
];

const filters: FieldSpec[] = [
  { source: 'uptime_status', kind: 'enum', label: 'Situação', choices: choices.uptime_status },
  { source: 'uptime_check_enabled', kind: 'boolean', label: 'Verificação ativa' },
];

const cells = {
  uptime_status: (record: RaRecord) => {
    const chip = statusChip(record.uptime_status);
    return <span className={`chip chip-${chip.color}`}>{chip.label}</span>;
  },
  uptime_check_last_response_time: (record: RaRecord) => formatResponseTime(record.uptime_check_last_response_time),
};

/**
 * The monitors grid as every list: search, filters, sortable columns, pages, selection and bulk delete,
 * with the status as a coloured chip and the page asked for again every ten seconds.
 */
export function MonitoresList() {
  return (
    <ResourceList
      columns={columns}
      filters={filters}
      sort={{ field: 'uptime_status', order: 'ASC' }}
      search
      recordLabel="service_name"
      cells={cells}
      refreshEvery={REFRESH_MS}
    />
  );
}
