/**
 * The report designs shipped with the product are there in every space from its first start: the
 * engine type 'Motor interno' and a design type per design of src/server/features/reports/builtin/designs/,
 * whose file the database keeps. A space just made on the platform prints a PDF from one through
 * the API with nothing set up first, on PGlite and on PostgreSQL (the design's bytes are read back
 * from each engine's database). Installed once: running the installation again duplicates nothing,
 * brings back nothing a council deleted and overwrites nothing it changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPED_DESIGN_TYPES, shippedDesign } from '../../src/server/features/reports/builtin/designs/index.js';
import { migrateToLatest } from '../../src/server/core/db/migrate.js';
import { REPORT_STATUS } from '../../src/server/features/reports/jobs/queue.js';
import { up as installShipped } from '../../src/server/features/reports/migrations/20261128205100_shipped_designs.js';
import { call, startTestServer, type TestServer } from '../api/support/server.js';
import { startTwoSpaces, type SpaceKind, type TwoSpaces } from '../platform/support/platform.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { pdfPages } from './support.js';
import { MIGRATIONS } from '../../src/server/features.js';

/** By name, as the list sorts them. */
const SHIPPED = [
  ['arrecadacao_por_periodo', 'Arrecadação por período'],
  ['pessoas_fisicas', 'Cadastro de pessoas físicas'],
  ['debitos_em_aberto', 'Débitos em aberto'],
  ['municipios_por_uf', 'Municípios por UF'],
  ['resumo_fiscalizacoes', 'Resumo das fiscalizações'],
];

type Row = Record<string, any>;

describe.each<SpaceKind>(['pglite', 'pgsql'])('shipped report designs in new spaces (%s spaces)', (kind) => {
  let spaces: TwoSpaces;

  beforeAll(async () => {
    spaces = await startTwoSpaces(kind, 'relatorios');
  }, 240_000);
  afterAll(() => spaces?.close(), 60_000);

  it('prints a PDF from a shipped design in a space just made, with nothing set up first', async () => {
    const space = spaces.names.a;
    const designs = (await spaces.as(space, 'GET', '/api/tipo_design_relatorio?sort=name')).body.data as Row[];
    expect(designs.map((row) => [row.code, row.name])).toEqual(SHIPPED);
    const cities = designs.find((row) => row.code === 'municipios_por_uf')!;
    const engines = (await spaces.as(space, 'GET', '/api/tipo_gerador_relatorio')).body.data as Row[];
    expect(engines.map((row) => [row.code, row.name, row.report_engine])).toEqual([['interno', 'Motor interno', 2]]);
    expect(cities).toMatchObject({ report_engine_type_id: engines[0].id, owners: ['municipios'], inactivated: false });

    const sergipe = (await spaces.as(space, 'GET', `/api/uf?${new URLSearchParams({ q: 'Sergipe' })}`)).body.data[0];
    const asked = await spaces.as(space, 'POST', '/api/relatorio', { report_design_type_id: cities.id, file_extension: 'pdf', owner: 'municipios', used_parameters: { uf_id: sergipe.id } });
    expect(asked.status, asked.text).toBe(201);
    let report: Row = {};
    await expect.poll(async () => {
      report = (await spaces.as(space, 'GET', `/api/relatorio/${asked.body.data.id}`)).body.data;
      return report.status;
    }, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(REPORT_STATUS.printed);
    expect(report).toMatchObject({ status: REPORT_STATUS.printed, error_reason: null });
    const printed = await spaces.as(space, 'GET', `/api/relatorio/${report.id}/print`);
    expect(printed.body.data.name).toBe('municipios-por-uf.pdf');
    const text = (await pdfPages(Buffer.from(printed.body.data.file, 'base64'))).join(' ');
    expect(text).toContain('Municípios por UF');
    expect(text).toContain('Aracaju');

    // The design's file is there to download, as shipped.
    const file = await spaces.api.app.inject({ method: 'GET', url: `/api/tipo_design_relatorio/${cities.id}/files/file`, headers: { authorization: `Bearer ${spaces.tokens[space]}`, tenant: space } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('municipios-por-uf.json');
    expect(file.rawPayload.equals(shippedDesign('cities'))).toBe(true);
  }, 120_000);

  it('has them in every space: the other new space and the default one', async () => {
    const other = (await spaces.as(spaces.names.b, 'GET', '/api/tipo_design_relatorio?sort=name')).body.data as Row[];
    expect(other.map((row) => [row.code, row.name])).toEqual(SHIPPED);
    const own = (await spaces.api.operator('GET', '/api/tipo_design_relatorio?sort=name')).body.data as Row[];
    expect(own.map((row) => [row.code, row.name])).toEqual(SHIPPED);
  });
});

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`installing the shipped designs again [${kind}]`, () => {
    let server: TestServer;
    const admin = () => call(server, server.adminToken);
    const designs = async () => (await admin()('GET', '/api/tipo_design_relatorio?sort=name')).body.data as Row[];

    beforeAll(async () => {
      server = await startTestServer(kind, { env: { REPORT_INTERVAL_MS: '3600000' } });
    }, 120_000);
    afterAll(() => server?.close());

    it('duplicates nothing, brings back nothing deleted and overwrites nothing changed', async () => {
      const shipped = await designs();
      const [persons, cities] = ['pessoas_fisicas', 'municipios_por_uf'].map((code) => shipped.find((row) => row.code === code)!);
      const renamed = await admin()('PUT', `/api/tipo_design_relatorio/${persons.id}`, { ...persons, name: 'Pessoas do conselho', processing_complexity: 3 });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect((await admin()('DELETE', `/api/tipo_design_relatorio/${cities.id}`)).status).toBe(200);
      const engine = (await admin()('GET', '/api/tipo_gerador_relatorio')).body.data[0];
      expect((await admin()('PUT', `/api/tipo_gerador_relatorio/${engine.id}`, { ...engine, engine_version: '2' })).status).toBe(200);

      // A restart applies no migration; the installation run again by a later one changes nothing either.
      expect(await migrateToLatest(server.db, MIGRATIONS.space)).toEqual([]);
      await installShipped(server.db);
      expect((await designs()).map((row) => [row.code, row.name, row.processing_complexity])).toEqual([
        ['arrecadacao_por_periodo', 'Arrecadação por período', SHIPPED_DESIGN_TYPES.collection.complexity],
        ['debitos_em_aberto', 'Débitos em aberto', SHIPPED_DESIGN_TYPES.openDebts.complexity],
        ['pessoas_fisicas', 'Pessoas do conselho', 3],
        ['resumo_fiscalizacoes', 'Resumo das fiscalizações', SHIPPED_DESIGN_TYPES.inspections.complexity],
      ]);
      expect((await admin()('GET', '/api/tipo_gerador_relatorio')).body.data.map((row: Row) => [row.code, row.engine_version])).toEqual([['interno', '2']]);
      const files = await server.db.selectFrom('files').select('id').where('module', '=', 'tipo_design_relatorio').execute();
      expect(files.length).toBe(4);
    });

    it('takes a council\'s own built-in engine type rather than adding a second, and keeps a design the council named alike', async () => {
      // A space upgraded from before the shipped designs: its own 'Motor interno', a design of its own named like a shipped one.
      await server.db.deleteFrom('shipped_report_designs').execute();
      await server.db.deleteFrom('report_design_type_parameters').execute();
      await server.db.deleteFrom('report_design_types').execute();
      await server.db.deleteFrom('files').where('module', '=', 'tipo_design_relatorio').execute();
      await server.db.updateTable('report_engine_types').set({ code: null, name: 'Gerador próprio' }).execute();
      const own = (await server.db.selectFrom('report_engine_types').select('id').executeTakeFirstOrThrow()).id;
      await server.db.insertInto('files').values({ id: 'proprio', module: 'tipo_design_relatorio', field: 'file', name: 'proprio.json', size: 2, content_type: 'application/json', storage_key: 'tipo_design_relatorio/file/proprio', content: Buffer.from('{}') }).execute();
      await server.db.insertInto('report_design_types').values({ name: 'MUNICÍPIOS POR UF', file: 'proprio', report_engine_type_id: own }).execute();

      await installShipped(server.db);
      const engines = (await admin()('GET', '/api/tipo_gerador_relatorio')).body.data as Row[];
      expect(engines.map((row) => [row.id, row.code, row.name])).toEqual([[Number(own), 'interno', 'Gerador próprio']]);
      expect((await designs()).map((row) => [row.code, row.name, row.report_engine_type_id])).toEqual([
        ['pessoas_fisicas', 'Cadastro de pessoas físicas', Number(own)],
        [null, 'MUNICÍPIOS POR UF', Number(own)],
        ['resumo_fiscalizacoes', 'Resumo das fiscalizações', Number(own)],
      ]);
    });
  });
}
