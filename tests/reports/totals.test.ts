/**
 * Exact subtotals and totals of money and decimal columns (no float anywhere between the database
 * and the cell), and a PDF of 10,000 rows, over the exchange rates of the generator's exact-combos
 * fixture, on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeFixtureMigrations, type FixtureMigrations } from '../api/fixtures/model.js';
import { exactCombosModel } from '../api/support/exact-combos.js';
import { describeOnDatabases, FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { csvRows, pdfPages, runReport, xlsxRows } from './support.js';

const model = exactCombosModel();
const migrations: FixtureMigrations = writeFixtureMigrations(model);
afterAll(() => migrations.remove());

const LARGEST = '9999999999999999999.9999999999999';
const RATES = [
  { date: '2026-01-05', exchange_rate: '0.1', fee: '0.10' },
  { date: '2026-01-05', exchange_rate: '0.2', fee: '0.20' },
  { date: '2026-01-06', exchange_rate: LARGEST, fee: '1234567890123.45' },
  { date: '2026-01-06', exchange_rate: '0.0000000000001', fee: '0.01' },
];

const design = {
  version: 1,
  title: 'Cotações por dia',
  source: { module: 'cotacoes_moedas', filters: { date_gte: '2026-01-01' } },
  columns: [{ field: 'date' }, { field: 'exchange_rate' }, { field: 'fee' }],
  group_by: { field: 'date' },
};

describeOnDatabases('report totals', (getDb) => {
  beforeAll(async () => {
    await getDb().insertInto('currency_exchange_rates').values(RATES).execute();
  });

  it('sums money and 32-digit decimals exactly in each group and in the total (XLSX)', async () => {
    const rows = await xlsxRows((await runReport(getDb(), model, design, 'xlsx')).bytes);
    expect(rows.slice(4)).toEqual([
      ['Data', 'Cotação', 'Tarifa'],
      ['Data: 05/01/2026'],
      ['05/01/2026', 0.1, 0.1],
      ['05/01/2026', 0.2, 0.2],
      // 0.1 + 0.2 is 0.30000000000000004 in floats: the sums are decimal.js's.
      ['Subtotal 05/01/2026: 2 registros', 0.3, 0.3],
      ['Data: 06/01/2026'],
      // No double holds this one: the cell keeps the text a person reads.
      ['06/01/2026', '9.999.999.999.999.999.999,9999999999999', 1234567890123.45],
      ['06/01/2026', 1e-13, 0.01],
      ['Subtotal 06/01/2026: 2 registros', 1e19, 1234567890123.46],
      ['Total: 4 registros', '10.000.000.000.000.000.000,3', 1234567890123.76],
    ]);
  });

  it('shows money as R$ in the PDF and writes pt-BR numbers in the CSV', async () => {
    const text = (await pdfPages((await runReport(getDb(), model, design, 'pdf')).bytes)).join(' ');
    expect(text).toContain('Subtotal 05/01/2026: 2 registros 0,3 R$ 0,30');
    expect(text).toContain('Subtotal 06/01/2026: 2 registros 10.000.000.000.000.000.000 R$ 1.234.567.890.123,46');
    expect(text).toContain('Total: 4 registros 10.000.000.000.000.000.000,3 R$ 1.234.567.890.123,76');
    const rows = csvRows((await runReport(getDb(), model, design, 'csv')).bytes);
    expect(rows).toEqual([
      ['Data', 'Data', 'Cotação', 'Tarifa'],
      ['05/01/2026', '05/01/2026', '0,1', '0,10'],
      ['05/01/2026', '05/01/2026', '0,2', '0,20'],
      ['06/01/2026', '06/01/2026', LARGEST.replace('.', ','), '1234567890123,45'],
      ['06/01/2026', '06/01/2026', '0,0000000000001', '0,01'],
    ]);
  });

  it('renders a PDF of 10,000 rows read in batches, every row and the exact total in it', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ date: '2025-06-01', exchange_rate: `${i}.5`, fee: '0.01' }));
    for (let i = 0; i < rows.length; i += 1000) await getDb().insertInto('currency_exchange_rates').values(rows.slice(i, i + 1000)).execute();
    const many = { version: 1, title: 'Muitas cotações', source: { module: 'cotacoes_moedas', filters: { date: '2025-06-01' }, sort: 'id', limit: 10_000 }, columns: [{ field: 'id' }, { field: 'exchange_rate' }, { field: 'fee' }] };
    const output = await runReport(getDb(), model, many, 'pdf');
    const pages = await pdfPages(output.bytes);
    expect(pages.length).toBeGreaterThan(150);
    expect(pages.at(-1)).toContain('Total: 10.000 registros 50.000.000 R$ 100,00');
    expect(pages.join(' ')).toContain('9.999,5 R$ 0,01');
  }, 180_000);
}, { migrations: migrations.set, kinds: FEATURE_DATABASE_KINDS });
