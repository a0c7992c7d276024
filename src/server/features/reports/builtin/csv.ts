/**
 * The CSV of a report, for a spreadsheet in pt-BR: `;` between fields, a BOM so the accents read
 * right, numbers with a comma (`1234,56`, no thousands dots), dates DD/MM/YYYY. It holds the data
 * alone: one line of column titles, then one line per record (a grouped report starts each line
 * with the group), no header, subtotal or total, so it can be read back as a table.
 */
import { stringify } from 'csv-stringify';
import type { Cell, ReportLine } from './lines.js';
import type { ReportPlan } from './plan.js';

/** `'-1234.5'` → `'-1234,5'`; money always with its two places (`'1234,50'`). */
export function csvNumber(number: string, money: boolean): string {
  const [whole, fraction = ''] = number.split('.');
  const places = money ? fraction.padEnd(2, '0') : fraction;
  return places ? `${whole},${places}` : whole;
}

export async function renderCsv(plan: ReportPlan, lines: AsyncIterable<ReportLine>): Promise<Buffer> {
  const stringifier = stringify({ delimiter: ';', bom: true, record_delimiter: 'windows' });
  const chunks: Buffer[] = [];
  stringifier.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stringifier.on('end', resolve);
    stringifier.on('error', reject);
  });
  const grouped = plan.group !== null;
  const text = (cell: Cell, i: number) => (cell.number !== null ? csvNumber(cell.number, plan.columns[i].kind === 'money') : cell.text);
  stringifier.write([...(grouped ? [plan.group!.label] : []), ...plan.columns.map((c) => c.label)]);
  let group = '';
  for await (const line of lines) {
    if (line.type === 'group') group = line.value;
    if (line.type === 'row') stringifier.write([...(grouped ? [group] : []), ...line.cells.map(text)]);
  }
  stringifier.end();
  await ended;
  return Buffer.concat(chunks);
}
