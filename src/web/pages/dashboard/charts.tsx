import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { BRAND } from '@kit/brand';
import { countText, MONITOR_STATUSES, type AreaCount } from './types';

/** The records of each area as bars: which area holds most is seen before it is read. */
export function AreaChart({ areas }: { areas: AreaCount[] }) {
  const summary = areas.map((area) => `${area.label}: ${countText(area.total, area.exact)}`).join('; ');
  return (
    <figure className="dash-chart" role="img" aria-label={`Registros por área. ${summary}`}>
      <BarChart
        layout="horizontal"
        height={Math.max(140, 56 * areas.length + 40)}
        yAxis={[{ scaleType: 'band', data: areas.map((area) => area.label), width: 130 }]}
        // Room past the longest bar for its figure.
        xAxis={[{ max: Math.max(1, ...areas.map((area) => area.total)) * 1.3, valueFormatter: (value: number) => new Intl.NumberFormat('pt-BR', { notation: 'compact' }).format(value) }]}
        series={[{ data: areas.map((area) => area.total), color: BRAND.primary, label: 'Registros', valueFormatter: (value) => new Intl.NumberFormat('pt-BR').format(value ?? 0),
          // The figure beside each bar: an area with few records is read even where its bar is thin.
          barLabel: (item) => new Intl.NumberFormat('pt-BR').format(item.value ?? 0), barLabelPlacement: 'outside' }]}
        hideLegend
        margin={{ left: 8, right: 24, top: 8, bottom: 8 }}
      />
    </figure>
  );
}

/** The monitors by status as a ring: red and orange stand out when something is down. */
export function MonitorChart({ byStatus }: { byStatus: Record<string, number> }) {
  const data = MONITOR_STATUSES.filter((status) => (byStatus[status.id] ?? 0) > 0).map((status) => ({
    id: status.id,
    label: status.label,
    value: byStatus[status.id],
    color: status.color,
  }));
  const summary = data.map((slice) => `${slice.label}: ${slice.value}`).join('; ');
  return (
    <figure className="dash-chart" role="img" aria-label={`Monitores por situação. ${summary}`}>
      <PieChart series={[{ data, innerRadius: 48, outerRadius: 88, paddingAngle: 1, cornerRadius: 3 }]} height={200} hideLegend />
    </figure>
  );
}
