/**
 * One printed line of the benchmark: a measured value next to a baseline measured in the same run,
 * their ratio (or difference), the target and whether it is met.
 */
export interface Row {
  figure: string;
  name: string;
  value: string;
  baseline: string;
  /** e.g. '1.12×' or '+0.31 ms' */
  ratio: string;
  target: string;
  verdict: 'PASS' | 'MISS' | 'info';
  note?: string;
}

export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const times = (ratio: number) => `${ratio.toFixed(2)}×`;

/** A timing compared as a ratio (≤ target×). */
export function ratioRow(figure: string, name: string, value: number, baseline: number, target: number, format = ms, note?: string): Row {
  const ratio = value / baseline;
  return { figure, name, value: format(value), baseline: format(baseline), ratio: times(ratio), target: `≤ ${times(target)}`, verdict: ratio <= target ? 'PASS' : 'MISS', note };
}

/** A value that must be at least `target` times the baseline (throughput). */
export function atLeastRow(figure: string, name: string, value: number, baseline: number, target: number, format: (n: number) => string, note?: string): Row {
  const ratio = value / baseline;
  return { figure, name, value: format(value), baseline: format(baseline), ratio: times(ratio), target: `≥ ${times(target)}`, verdict: ratio >= target ? 'PASS' : 'MISS', note };
}

export function infoRow(figure: string, name: string, value: string, baseline = '—', ratio = '—', note?: string): Row {
  return { figure, name, value, baseline, ratio, target: '—', verdict: 'info', note };
}

export function formatTable(rows: Row[]): string {
  const header = ['#', 'figure', 'measured', 'baseline', 'ratio', 'target', 'result'];
  const lines = rows.map((r) => [r.figure, r.name, r.value, r.baseline, r.ratio, r.target, r.verdict]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  const notes = rows.filter((r) => r.note).map((r) => `- ${r.figure} ${r.name}: ${r.note}`);
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(line), ...(notes.length ? ['', ...notes] : [])].join('\n');
}
