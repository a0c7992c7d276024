import { BRAND } from '@kit/brand';
import { UPTIME_STATUS_CHIPS } from '../../screens/monitores/status';

/** `GET /api/dashboard` (the dashboard feature's routes). */
export interface ModuleCount {
  module: string;
  label: string;
  count: number;
  /** False past the server's cap: `count` is then a lower bound or the statistics' estimate. */
  exact: boolean;
}

export interface AreaCount {
  area: string;
  label: string;
  total: number;
  exact: boolean;
  modules: ModuleCount[];
}

export interface MonitorSummary {
  total: number;
  by_status: Record<string, number>;
  attention: { id: number; service_name: string; system_name: string; url: string; uptime_status: string; uptime_check_failure_reason: string | null }[];
}

export interface RecentEntry {
  id: number;
  event: string;
  module: string;
  module_label: string;
  record_id: number;
  created_at: string;
}

export interface Dashboard {
  areas: AreaCount[];
  monitors: MonitorSummary | null;
  recent: RecentEntry[];
}

const whole = new Intl.NumberFormat('pt-BR');

/** '1.234', or 'mais de 10.000' / 'cerca de 52.000' when the server could only estimate. */
export function countText(count: number, exact: boolean): string {
  if (exact) return whole.format(count);
  return count <= 10_000 ? `mais de ${whole.format(count)}` : `cerca de ${whole.format(count)}`;
}

/**
 * The monitors' statuses, the ones that need a look first, named and coloured as the monitors' grid
 * shows them (its chips' colours, a deleted monitor's grey).
 */
export const MONITOR_STATUSES = ['down', 'warning', 'up', 'not yet checked', 'deleted'].map((id) => {
  const chip = UPTIME_STATUS_CHIPS.find((c) => c.id === id);
  return { id, label: chip?.label ?? id, color: !chip || chip.color === 'default' ? BRAND.neutral : BRAND[chip.color] };
});

export const statusLabel = (status: string) => MONITOR_STATUSES.find((s) => s.id === status)?.label ?? status;
