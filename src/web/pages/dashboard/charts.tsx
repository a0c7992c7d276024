import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { BRAND } from '@kit/brand';
import { countText, MONITOR_STATUSES, type AreaCount } from './types';
import { MONTHS, MONTH_NAMES, reais, type FinanceFigures } from './finance';

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

/**
 * Billed against received, month by month, as pairs of bars: a month that received less than it
 * billed is seen at once. The bars' heights are numbers; the figures shown are the API's exact text.
 */
export function FinanceChart({ figures }: { figures: FinanceFigures }) {
  const summary = figures.months.map((m) => `${MONTH_NAMES[m.month - 1]}: faturado ${reais(m.billed)}, recebido ${reais(m.received)}`).join('; ');
  const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact' });
  return (
    <figure className="dash-chart" role="img" aria-label={`Faturado e recebido por mês em ${figures.year}. ${summary}`}>
      <BarChart
        height={260}
        xAxis={[{ scaleType: 'band', data: MONTHS }]}
        yAxis={[{ width: 48, valueFormatter: (value: number) => compact.format(value) }]}
        series={[
          { data: figures.months.map((m) => Number(m.billed)), label: 'Faturado', color: BRAND.info, valueFormatter: (_, { dataIndex }) => reais(figures.months[dataIndex].billed) },
          { data: figures.months.map((m) => Number(m.received)), label: 'Recebido', color: BRAND.success, valueFormatter: (_, { dataIndex }) => reais(figures.months[dataIndex].received) },
        ]}
        margin={{ left: 4, right: 8, top: 8, bottom: 4 }}
      />
    </figure>
  );
}
