/**
 * An indicator series' history imported from a CSV file (`;`, DD/MM/AAAA, decimal comma): a header
 * line skipped, a date already kept takes the file's numbers, the rest added; any bad line refuses
 * the whole file with one pt-BR message a line; the series' history answered newest first; only
 * those who may edit series import.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_FILE } from '../../src/server/features/finance/series-import.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

for (const kind of FEATURE_DATABASE_KINDS) describe(`indicator series history import [${kind}]`, () => {
  let server: TestServer;
  let api: ReturnType<typeof call>;
  let id = 0;
  const importing = (csv: unknown, as = api) => as('POST', `/api/series_indicador/${id}/histories/import`, { csv });

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = call(server, server.adminToken);
    const made = await api('POST', '/api/series_indicador', { denomination: 'IGP-M', central_bank_code: 189, periodicity: 'M', histories: [{ date: '2026-01-01', index_number: '1000' }] });
    id = made.body.data.id;
  }, 120_000);

  afterAll(async () => server?.close());

  it('imports every line, replacing the numbers of a date already kept, and answers the history newest first', async () => {
    const csv = '\uFEFFData;Número-índice;Variação acumulada (%)\r\n01/01/2026;1.001,5;\r\n01/02/2026;1.010,12345678;-0,35\r\n\r\n01/03/2026 ; 9999999999999,99999999 ; 1234567,12345678\r\n';
    const response = await importing(csv);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Histórico importado: 2 registros incluídos, 1 atualizado.');
    const shown = await api('GET', `/api/series_indicador/${id}`);
    expect(shown.body.data.histories.map((h: any) => [h.date, h.index_number, h.accumulated_variation_percentage])).toEqual([
      ['2026-03-01', '9999999999999.99999999', '1234567.12345678'],
      ['2026-02-01', '1010.12345678', '-0.35000000'],
      ['2026-01-01', '1001.50000000', null],
    ]);
  });

  it('refuses the whole file when a line is wrong, each line named in pt-BR', async () => {
    const before = await api('GET', `/api/series_indicador/${id}`);
    const csv = ['01/04/2026;1020,5;0,1', '31/04/2026;1,0', '01/05/2026;abc', '01/06/2026;1.5;0,1', '01/04/2026;1;2', '01/07/2026', '01/08/2026;1,123456789;12345678'].join('\n');
    const response = await importing(csv);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      csv: [
        'Linha 2: a data "31/04/2026" não é válida (use DD/MM/AAAA).',
        'Linha 3: o campo Número-índice "abc" não é um número (use vírgula para as decimais: 1.234,56).',
        'Linha 4: o campo Número-índice "1.5" não é um número (use vírgula para as decimais: 1.234,56).',
        'Linha 5: a data 01/04/2026 já aparece na linha 1.',
        'Linha 6: esperadas 2 ou 3 colunas (data; número-índice; variação acumulada), encontradas 1.',
        'Linha 7: o campo Número-índice deve conter no máximo 8 casas decimais.',
        'Linha 7: o campo Variação acumulada (%) deve conter no maximo 7 casas inteiras.',
      ],
    });
    expect((await api('GET', `/api/series_indicador/${id}`)).body.data).toEqual(before.body.data);
    expect((await importing('Data;Número-índice\n')).body.errors).toEqual({ csv: [EMPTY_FILE] });
    expect((await importing('')).body.errors).toEqual({ csv: ['O campo Arquivo é obrigatório.'] });
    expect((await importing('01/01/2026;"1,5\n')).status).toBe(422);
  });

  it('lets only those who may edit series import, and answers 404 for a series that does not exist', async () => {
    const reader = await userWith(server, [{ name: 'indicatorSeries.index' }, { name: 'indicatorSeries.show' }]);
    expect((await importing('01/09/2026;1', call(server, reader.token))).status).toBe(403);
    const editor = await userWith(server, [{ name: 'indicatorSeries.update' }]);
    expect((await importing('01/09/2026;1', call(server, editor.token))).status).toBe(200);
    expect((await api('POST', '/api/series_indicador/999999/histories/import', { csv: '01/09/2026;1' })).status).toBe(404);
  });
});
