/**
 * The import works a batch of rows at a time, on both databases: the dry run and the commit of a
 * file run as many statements for 60 rows as for 20 (the checks once per table, the creates, their
 * e-mails, audit rows and done marks with multi-row statements), not a round of statements per row.
 * The records the batch writes are those the single write leaves: the person, its e-mail, its audit row.
 */
import { sql, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { seedReferenceData } from '../../src/server/core/seed/index.js';
import { checkImport, startImport } from '../../src/server/features/imports/operations.js';
import { runImport } from '../../src/server/features/imports/job.js';
import type { WriteContext } from '../../src/server/core/resources/hooks.js';
import { cpfs, csvOf, PERSON_HEADERS, personRow } from './support.js';

/**
 * Counts the statements run through the Kysely it is plugged into, but the analyses of tables a batch
 * grew: the database's housekeeping, a few per table whatever the rows (tested below on their own).
 */
class StatementCounter implements KyselyPlugin {
  count = 0;
  private readonly analyses = new WeakSet<object>();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node as RootOperationNode & { sqlFragments?: readonly string[] };
    if (node.kind === 'RawNode' && /^\s*analyze\b/i.test(node.sqlFragments?.[0] ?? '')) this.analyses.add(args.queryId);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (!this.analyses.has(args.queryId)) this.count += 1;
    return args.result;
  }
}

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`spreadsheet import in batches [${kind}]`, () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer(kind);
      await seedReferenceData(server.db);
    }, 180_000);
    afterAll(() => server?.close());

    /** Statements of the dry run and of the commit of `rows` new persons, then of the dry run of the same persons renamed (updates). */
    const statementsFor = async (rows: number) => {
      const model = server.model;
      const entity = model.byModule.get('pessoa_fisica')!;
      const context: WriteContext = server.app.resources.writeContext(model, 'pessoa_fisica', null);
      const counter = new StatementCounter();
      const db = server.db.withPlugin(counter);
      const counted = async (work: () => Promise<unknown>) => {
        counter.count = 0;
        await work();
        return counter.count;
      };
      const keys = cpfs(rows);
      const sheet = (prefix: string) => csvOf([PERSON_HEADERS, ...keys.map((cpf, i) => personRow(`${prefix} ${i}`, cpf, { 'E-mails: E-mail': `p${i}.${cpf.replace(/\D/g, '')}@exemplo.com.br`, 'E-mails: Recebe notícias': 'Não' }))]);

      const created = await startImport(server.db, entity, null, 'novas.csv', sheet('Nova'));
      const check = await counted(() => checkImport(db, model, entity, created, context));
      // Taken as the job takes it, so that the server's own queue leaves it alone.
      await server.db.updateTable('imports').set({ status: 'running' }).where('id', '=', created).execute();
      const commit = await counted(() => runImport(db, created, { model, signal: new AbortController().signal, contextOf: () => context }));
      const rowsOf = await server.db.selectFrom('import_rows').select(['action', 'done', 'record_id']).where('import_id', '=', created).orderBy('line').execute();
      expect(rowsOf.filter((row) => row.action !== 'create' || !row.done || row.record_id === null)).toEqual([]);

      const renamed = await startImport(server.db, entity, null, 'renomeadas.csv', sheet('Renomeada'));
      const update = await counted(() => checkImport(db, model, entity, renamed, context));
      const planned = await server.db.selectFrom('import_rows').select('action').where('import_id', '=', renamed).execute();
      expect(planned.filter((row) => row.action !== 'update')).toEqual([]);
      return { check, commit, update, keys, recordIds: rowsOf.map((row) => Number(row.record_id)) };
    };

    it('runs as many statements for 60 rows as for 20, in the dry run and in the commit', async () => {
      const few = await statementsFor(20);
      const many = await statementsFor(60);
      // One batch either way: a few statements of slack, far from the 40 rows more.
      console.log(`statements, 20 rows vs 60: ${JSON.stringify({ check: [few.check, many.check], commit: [few.commit, many.commit], update: [few.update, many.update] })}`);
      expect(many.check, JSON.stringify({ few, many })).toBeLessThanOrEqual(few.check + 2);
      expect(many.commit, JSON.stringify({ few, many })).toBeLessThanOrEqual(few.commit + 2);
      expect(many.update, JSON.stringify({ few, many })).toBeLessThanOrEqual(few.update + 2);

      // What the batch wrote is what the single write leaves: each person with its e-mail and one audit row.
      const api = call(server, server.adminToken);
      const person = (await api('GET', `/api/pessoa_fisica/${many.recordIds[7]}`)).body.data;
      expect(person).toMatchObject({ name: 'Nova 7', individual_registration: many.keys[7], emails: [expect.objectContaining({ receive_news: false, main: true })] });
      expect(person.party_id).not.toBeNull();
      const audits = await server.db.selectFrom('audits').select(['record_id', 'event', 'new_values']).where('module', '=', 'pessoa_fisica').where('record_id', 'in', many.recordIds).execute();
      expect(audits.map((a) => a.event).sort()).toEqual(many.recordIds.map(() => 'created'));
      const audit = audits.find((a) => Number(a.record_id) === many.recordIds[7])!;
      const values = typeof audit.new_values === 'string' ? JSON.parse(audit.new_values) : audit.new_values;
      expect(values).toMatchObject({ id: many.recordIds[7], name: 'Nova 7', emails: [expect.objectContaining({ id: person.emails[0].id, address: person.emails[0].address })] });
    }, 180_000);

    it('analyses the new tables a commit grows, so that the checks of later batches are planned for their size', async () => {
      const model = server.model;
      const entity = model.byModule.get('pessoa_fisica')!;
      const context: WriteContext = server.app.resources.writeContext(model, 'pessoa_fisica', null);
      const analysed = async () => (await sql<{ n: string }>`select reltuples::bigint as n from pg_class where relname = 'parties'`.execute(server.db)).rows[0].n;
      const before = Number(await analysed());
      const keys = cpfs(800);
      const id = await startImport(server.db, entity, null, 'muitas.csv', csvOf([PERSON_HEADERS, ...keys.map((cpf, i) => personRow(`Muitas ${i}`, cpf))]));
      await checkImport(server.db, model, entity, id, context);
      await server.db.updateTable('imports').set({ status: 'running' }).where('id', '=', id).execute();
      const batch = process.env.IMPORT_BATCH_ROWS;
      process.env.IMPORT_BATCH_ROWS = '100';
      try {
        await runImport(server.db, id, { model, signal: new AbortController().signal, contextOf: () => context });
      } finally {
        if (batch === undefined) delete process.env.IMPORT_BATCH_ROWS;
        else process.env.IMPORT_BATCH_ROWS = batch;
      }
      // Parties, written by the persons' trigger, are counted by an analysis made during the commit (no autovacuum that soon).
      expect(before).toBeLessThan(400);
      expect(Number(await analysed())).toBeGreaterThanOrEqual(400);
    }, 180_000);

    it('keeps the counts the progress is read from equal to the rows themselves, from the upload to the commit', async () => {
      const model = server.model;
      const entity = model.byModule.get('pessoa_fisica')!;
      const context: WriteContext = server.app.resources.writeContext(model, 'pessoa_fisica', null);
      const counted = async (id: number) => {
        const rows = await server.db.selectFrom('import_rows').select(['action', 'done', (eb) => eb.fn.countAll<string>().as('n')]).where('import_id', '=', id).groupBy(['action', 'done']).execute();
        const counts = { create: 0, update: 0, skip: 0, error: 0, unchecked: 0, done: 0 };
        for (const row of rows) {
          counts[(row.action ?? 'unchecked') as keyof typeof counts] += Number(row.n);
          if (row.done) counts.done += Number(row.n);
        }
        return counts;
      };
      const keys = cpfs(30);
      // Ten new persons, ten of them twice (errors), ten without a name (errors too).
      const sheet = csvOf([PERSON_HEADERS, ...keys.slice(0, 10).map((cpf, i) => personRow(`Contada ${i}`, cpf)), ...keys.slice(0, 10).map((cpf, i) => personRow(`Repetida ${i}`, cpf)), ...keys.slice(20).map((cpf) => personRow('', cpf))]);
      const id = await startImport(server.db, entity, null, 'contagem.csv', sheet);
      const answer = async () => (await call(server, server.adminToken)('GET', `/api/pessoa_fisica/import/${id}`)).body.data.counts;
      expect(await answer()).toEqual({ ...(await counted(id)), unchecked: 30 });
      await checkImport(server.db, model, entity, id, context);
      expect(await answer()).toEqual({ ...(await counted(id)), create: 10, error: 20, unchecked: 0, done: 0 });
      await server.db.updateTable('imports').set({ status: 'running' }).where('id', '=', id).execute();
      await runImport(server.db, id, { model, signal: new AbortController().signal, contextOf: () => context });
      expect(await answer()).toEqual({ ...(await counted(id)), create: 10, done: 10 });
      // An import deleted takes its rows and their counts with it.
      await server.db.deleteFrom('imports').where('id', '=', id).execute();
      expect(await server.db.selectFrom('import_counts').select('rows').where('import_id', '=', id).execute()).toEqual([]);
    }, 120_000);

    it('writes a batch a row at a time when its transaction fails, so that only the row at fault ends in error', async () => {
      const keys = cpfs(3);
      const model = server.model;
      const entity = model.byModule.get('pessoa_fisica')!;
      const context: WriteContext = server.app.resources.writeContext(model, 'pessoa_fisica', null);
      const id = await startImport(server.db, entity, null, 'recusa.csv', csvOf([PERSON_HEADERS, personRow('Aceita Um', keys[0]), personRow('Recusada', keys[1]), personRow('Aceita Dois', keys[2])]));
      await checkImport(server.db, model, entity, id, context);
      // A rule of the database the dry run does not know refuses one of the batch's persons.
      await sql`create function refuse_person() returns trigger language plpgsql as $$
                begin
                  if new.name = 'Recusada' then raise exception 'recusada' using errcode = 'unique_violation'; end if;
                  return new;
                end $$`.execute(server.db);
      await sql`create trigger refuse_person before insert on persons for each row execute function refuse_person()`.execute(server.db);
      try {
        await server.db.updateTable('imports').set({ status: 'running' }).where('id', '=', id).execute();
        await runImport(server.db, id, { model, signal: new AbortController().signal, contextOf: () => context });
      } finally {
        await sql`drop trigger refuse_person on persons`.execute(server.db);
        await sql`drop function refuse_person()`.execute(server.db);
      }
      const rows = await server.db.selectFrom('import_rows').select(['line', 'action', 'done', 'errors']).where('import_id', '=', id).orderBy('line').execute();
      expect(rows.map((row) => [row.line, row.action, row.done])).toEqual([[2, 'create', true], [3, 'error', true], [4, 'create', true]]);
      expect(JSON.stringify(rows[1].errors)).toContain('Já existe um registro com este valor.');
      const stored = await server.db.selectFrom('persons').select('name').where('individual_registration', 'in', keys).orderBy('name').execute();
      expect(stored.map((p) => p.name)).toEqual(['Aceita Dois', 'Aceita Um']);
    }, 120_000);
  });
}
