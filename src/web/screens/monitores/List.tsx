import type { RaRecord } from 'ra-core';
import { ResourceList, type ListColumn } from '@kit/list';
import { columns, list } from '@generated/web/monitores/List';
import { formatResponseTime, statusChip } from './status';

/** How often the open grid asks again, so a monitor's new status shows without reloading. */
const REFRESH_MS = 10_000;

/** The status as a coloured chip. */
function statusCell(record: RaRecord) {
  const chip = statusChip(record.uptime_status);
  return <span className={`chip chip-${chip.color}`}>{chip.label}</span>;
}

/** The generated columns in the grid's order, two with cells of their own, and why the last check failed. */
const gridColumns: ListColumn[] = [
  { ...columns.uptime_status, cell: statusCell },
  columns.system_name,
  columns.service_name,
  columns.url,
  columns.uptime_last_check_date,
  { ...columns.uptime_check_last_response_time, label: 'Tempo de resposta', cell: (record) => formatResponseTime(record.uptime_check_last_response_time) },
  { source: 'uptime_check_failure_reason', kind: 'text', label: 'Motivo da falha', sortable: false },
];

/**
 * The monitors grid as every list: search, filters, sortable columns, pages, selection and bulk delete,
 * with the status as a coloured chip and the page asked for again every ten seconds.
 */
export function MonitoresList() {
  return <ResourceList {...list} columns={gridColumns} refreshEvery={REFRESH_MS} />;
}
