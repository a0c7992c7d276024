import { formatDateTime } from '@kit/format';

/** The uptime statuses in the spec's grid order, with the chip a person reads. */
export const UPTIME_STATUS_CHIPS = [
  { id: 'deleted', label: 'Excluído', color: 'default' },
  { id: 'not yet checked', label: 'Não verificado', color: 'info' },
  { id: 'down', label: 'Fora do ar', color: 'error' },
  { id: 'warning', label: 'Lento', color: 'warning' },
  { id: 'up', label: 'No ar', color: 'success' },
] as const;

export type ChipColor = (typeof UPTIME_STATUS_CHIPS)[number]['color'];

export function statusChip(status: unknown): { label: string; color: ChipColor } {
  const found = UPTIME_STATUS_CHIPS.find((s) => s.id === status);
  return found ? { label: found.label, color: found.color } : { label: String(status ?? ''), color: 'default' };
}

const rank = (status: unknown) => {
  const index = UPTIME_STATUS_CHIPS.findIndex((s) => s.id === status);
  return index === -1 ? UPTIME_STATUS_CHIPS.length : index;
};

/** Monitors in the spec's status order (deleted, not yet checked, down, warning, up), then by system and service. */
export function byStatusOrder<T extends { uptime_status?: unknown; system_name?: unknown; service_name?: unknown }>(monitors: readonly T[]): T[] {
  return [...monitors].sort(
    (a, b) =>
      rank(a.uptime_status) - rank(b.uptime_status) ||
      String(a.system_name ?? '').localeCompare(String(b.system_name ?? ''), 'pt-BR') ||
      String(a.service_name ?? '').localeCompare(String(b.service_name ?? ''), 'pt-BR'),
  );
}

/** DD/MM/YYYY HH:mm:ss in the browser's time zone, as the monitors grid shows the last check. */
export const formatCheckDate = (value: unknown): string => formatDateTime(value);

/** A response time in milliseconds, pt-BR digits. */
export function formatResponseTime(value: unknown): string {
  if (value == null || value === '') return '';
  const ms = Number(value);
  return Number.isFinite(ms) ? `${ms.toLocaleString('pt-BR')} ms` : '';
}
