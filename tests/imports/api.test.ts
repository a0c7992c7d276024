/**
 * Spreadsheet import of persons through the API, on both databases: the template's pt-BR headers,
 * a CSV and an XLSX read with pt-BR values, the mapping guessed and remembered, the dry run's create /
 * update / skip / error with the form's own messages, the error file, the commit in the background
 * (records, sub-list items, updates by CPF), and who may import.
 */
import { formatCnpj, generateCnpj } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { seedReferenceData } from '../../src/server/core/seed/index.js';
import { cpfs, csvOf, multipart, PERSON_HEADERS, personRow, readXlsx, xlsxOf } from './support.js';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`spreadsheet import [${kind}]`, () => {
    let server: TestServer;
    const api = () => call(server, server.adminToken);
    const upload = async (name: string, bytes: Buffer, token: string | null = server.adminToken) => {
      const { payload, headers } = multipart(name, bytes);
      const response = await server.app.inject({ method: 'POST', url: '/api/pessoa_fisica/import', headers: { ...headers, authorization: `Bearer ${token}` }, payload });
      return { status: response.statusCode, body: response.json() };
    };
    const download = async (url: string) => {
      const response = await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${server.adminToken}` } });
      return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
    };
    const until = async (id: number, status: string) => {
      for (let i = 0; i < 600; i += 1) {
        const { body } = await api()('GET', `/api/pessoa_fisica/import/${id}`);
        if (body.data.status === status) return body.data;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`import ${id} never reached ${status}`);
    };
    const personByCpf = async (cpf: string) => {
      const { body } = await api()('GET', `/api/pessoa_fisica/cpf/${cpf.replace(/\D/g, '')}`);
      return body?.data ?? null;
    };

    beforeAll(async () => {
      server = await startTestServer(kind);
      // Genders, civil statuses, nationalities and municipalities, as every space starts with them.
      await seedReferenceData(server.db);
    }, 180_000);
    afterAll(() => server?.close());

    it('hands out the template with the form\'s pt-BR headers, in XLSX and CSV', async () => {
      const xlsx = await download('/api/pessoa_fisica/import/template?format=xlsx');
      expect(xlsx.status).toBe(200);
      expect(xlsx.headers['content-disposition']).toContain('Modelo - Pessoas');
      const [headers] = await readXlsx(xlsx.bytes);
      expect(headers).toEqual(expect.arrayContaining([...PERSON_HEADERS, 'Telefones: Número']));
      expect(headers).not.toContain('Foto');
      const csv = await download('/api/pessoa_fisica/import/template?format=csv');
      expect(csv.bytes.toString('utf8').replace(/^\uFEFF/, '').split('\r\n')[0].split(';')).toEqual(headers);
      expect((await download('/api/pessoa_fisica/import/template?format=pdf')).status).toBe(400);
    });

    it('dry-runs a CSV: each row\'s create, update, skip or error with the form\'s messages, then commits it in the background', async () => {
      const [kept, changed, fresh, repeated, other] = cpfs(5);
      // Two persons already registered: one the file leaves as is, one it renames.
      for (const [name, cpf] of [['Ana Souza', kept], ['Bruno Lima', changed]] as const) {
        const sheet = csvOf([PERSON_HEADERS, personRow(name, cpf)]);
        const started = await upload('base.csv', sheet);
        expect(started.status, JSON.stringify(started.body)).toBe(201);
        await api()('POST', `/api/pessoa_fisica/import/${started.body.data.id}/check`);
        await api()('POST', `/api/pessoa_fisica/import/${started.body.data.id}/commit`);
        await until(started.body.data.id, 'done');
      }
      const rows = [
        PERSON_HEADERS,
        personRow('Ana Souza', kept),
        personRow('Bruno Lima Filho', changed),
        personRow('Carla Dias', fresh, { 'E-mails: E-mail': 'carla@exemplo.com.br', 'E-mails: Recebe notícias': 'Sim' }),
        personRow('Daniel Reis', repeated),
        personRow('Daniel Reis de novo', repeated),
        personRow('Eva Prado', '111.111.111-11', { 'Data de nascimento': '31/02/1990', Gênero: 'Marciano' }),
        personRow('', other),
      ];
      const started = await upload('pessoas.csv', csvOf(rows));
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const id = started.body.data.id;
      expect(started.body.data).toMatchObject({ status: 'draft', total_rows: 7, headers: PERSON_HEADERS, natural_key: 'individual_registration' });
      // Every header is the template's, so each column was recognised.
      expect(Object.keys(started.body.data.mapping)).toHaveLength(PERSON_HEADERS.length);

      const checked = await api()('POST', `/api/pessoa_fisica/import/${id}/check`);
      expect(checked.body.data).toMatchObject({ status: 'checked', counts: { create: 2, update: 1, skip: 1, error: 3, done: 0 } });
      const listed = (await api()('GET', `/api/pessoa_fisica/import/${id}/rows?per_page=50`)).body.data;
      expect(listed.map((r: { line: number; action: string }) => [r.line, r.action])).toEqual([[2, 'skip'], [3, 'update'], [4, 'create'], [5, 'create'], [6, 'error'], [7, 'error'], [8, 'error']]);
      expect(listed[4].errors).toEqual({ individual_registration: ['O campo CPF repete o da linha 5 da planilha.'] });
      expect(listed[5].errors).toMatchObject({ genre_id: ['Nenhum registro de Gêneros corresponde a "Marciano".'] });
      // The form answers the same words for the same values.
      const form = await api()('POST', '/api/pessoa_fisica', { name: 'Eva Prado', individual_registration: '111.111.111-11', date_birth: '1990-02-31' });
      expect(form.status).toBe(422);
      expect(listed[5].errors.individual_registration).toEqual(form.body.errors.individual_registration);
      expect(listed[5].errors.date_birth).toEqual(form.body.errors.date_birth);
      expect(listed[6].errors).toMatchObject({ name: ['O campo Nome é obrigatório.'] });
      expect((await api()('GET', `/api/pessoa_fisica/import/${id}/rows?action=error`)).body.total).toBe(3);

      // The error file: the rows in error as they came, with an 'Erros' column.
      const errors = await readXlsx((await download(`/api/pessoa_fisica/import/${id}/errors?format=xlsx`)).bytes);
      expect(errors[0]).toEqual([...PERSON_HEADERS, 'Erros']);
      expect(errors).toHaveLength(4);
      expect(errors[2].slice(0, 2)).toEqual(['Eva Prado', 'Eva']);
      expect(String(errors[2].at(-1))).toContain('Nenhum registro de Gêneros corresponde a "Marciano".');
      const csvErrors = (await download(`/api/pessoa_fisica/import/${id}/errors?format=csv`)).bytes.toString('utf8');
      expect(csvErrors.split('\r\n')[0]).toBe(`\uFEFF${[...PERSON_HEADERS, 'Erros'].join(';')}`);

      // Nothing was written by the dry run.
      expect(await personByCpf(fresh)).toBeNull();
      const committed = await api()('POST', `/api/pessoa_fisica/import/${id}/commit`);
      expect(committed.status).toBe(202);
      expect((await api()('POST', `/api/pessoa_fisica/import/${id}/commit`)).status).toBe(409);
      const done = await until(id, 'done');
      expect(done).toMatchObject({ progress: 100, counts: { create: 2, update: 1, skip: 1, error: 3, done: 3 } });
      const carla = await personByCpf(fresh);
      expect(carla).toMatchObject({ name: 'Carla Dias' });
      const carlaRecord = (await api()('GET', `/api/pessoa_fisica/${carla.id}`)).body.data;
      expect(carlaRecord).toMatchObject({ date_birth: '1990-05-20', emails: [expect.objectContaining({ address: 'carla@exemplo.com.br', receive_news: true, main: true })] });
      expect((await personByCpf(changed)).name).toBe('Bruno Lima Filho');
      expect(await personByCpf(repeated)).toMatchObject({ name: 'Daniel Reis' });
      // Written through the generic write: an audit row per record, by the importer.
      const audits = await server.db.selectFrom('audits').select(['event', 'user_id']).where('module', '=', 'pessoa_fisica').where('record_id', '=', carla.id).execute();
      expect(audits.map((a) => a.event)).toEqual(['created']);
    }, 120_000);

    it('reads an XLSX with spreadsheet dates and numbers, and remembers a changed mapping for the module', async () => {
      const [cpf] = cpfs(1);
      const headers = ['Nome completo', 'Apelido', 'Tipo de parte', 'Nascimento', 'Gênero', 'Estado civil', 'Naturalidade', 'Nacionalidade', 'CPF'];
      const sheet = await xlsxOf([headers, ['Fábio Melo', 'Fábio', 'Pessoa Física', new Date(Date.UTC(1985, 11, 3)), 'masculino', 'Solteiro(a)', 'Brasília', 'Brasileira', cpf]]);
      const first = (await upload('planilha.xlsx', sheet)).body.data;
      // Headers that are not the template's are left for the person to map.
      expect(first.mapping).toEqual({ 2: 'party_type_id', 4: 'genre_id', 5: 'civil_status_id', 6: 'naturalness_id', 7: 'nationality_id', 8: 'individual_registration' });
      const mapping = { ...first.mapping, 0: 'name', 1: 'short_name', 3: 'date_birth' };
      expect((await api()('PUT', `/api/pessoa_fisica/import/${first.id}/mapping`, { mapping: { ...mapping, 3: 'name' } })).body.errors).toEqual({ 'mapping.3': ['Esta coluna já foi escolhida para outra coluna da planilha.'] });
      expect((await api()('PUT', `/api/pessoa_fisica/import/${first.id}/mapping`, { mapping: { ...mapping, 3: 'senha' } })).status).toBe(422);
      expect((await api()('PUT', `/api/pessoa_fisica/import/${first.id}/mapping`, { mapping })).status).toBe(200);
      const checked = (await api()('POST', `/api/pessoa_fisica/import/${first.id}/check`)).body.data;
      expect(checked.counts, JSON.stringify((await api()('GET', `/api/pessoa_fisica/import/${first.id}/rows`)).body)).toMatchObject({ create: 1, error: 0 });
      await api()('POST', `/api/pessoa_fisica/import/${first.id}/commit`);
      await until(first.id, 'done');
      expect(await personByCpf(cpf)).toMatchObject({ name: 'Fábio Melo' });
      expect((await api()('GET', `/api/pessoa_fisica/${(await personByCpf(cpf)).id}`)).body.data.date_birth).toBe('1985-12-03');
      // The next file with those headers comes mapped as last time.
      const second = (await upload('outra.xlsx', sheet)).body.data;
      expect(second.mapping).toEqual(mapping);
    }, 120_000);

    it('imports legal entities by CNPJ: a new company, then its capital changed by a second file', async () => {
      const text = async (table: string, column: string, where: string, value: unknown) =>
        String((await server.db.selectFrom(table).select(column).where(where, '=', value).executeTakeFirstOrThrow())[column]);
      const type = await text('party_types', 'friendly_name', 'code', 'pessoa_juridica');
      const nature = await text('legal_natures', 'denomination', 'code', '206-2');
      const activity = await text('economic_activities', 'subclass_denomination', 'cnae_code', '4120400');
      const cnpj = formatCnpj(generateCnpj());
      const headers = ['CNPJ', 'Razão social', 'Nome abreviado', 'Tipo de parte', 'Nacionalidade', 'Natureza jurídica', 'Atividade econômica principal', 'Capital social'];
      const company = (capital: string) => [cnpj.replace(/\D/g, ''), 'Construtora Planalto Ltda', 'Planalto', type, 'Brasileira', nature, activity, capital];
      const importCompanies = async (capital: string) => {
        const { payload, headers: multipartHeaders } = multipart('empresas.csv', csvOf([headers, company(capital)]));
        const started = (await server.app.inject({ method: 'POST', url: '/api/pessoa_juridica/import', headers: { ...multipartHeaders, authorization: `Bearer ${server.adminToken}` }, payload })).json().data;
        const checked = (await api()('POST', `/api/pessoa_juridica/import/${started.id}/check`)).body.data;
        const rows = (await api()('GET', `/api/pessoa_juridica/import/${started.id}/rows`)).body.data;
        await api()('POST', `/api/pessoa_juridica/import/${started.id}/commit`);
        for (let i = 0; i < 300 && (await api()('GET', `/api/pessoa_juridica/import/${started.id}`)).body.data.status !== 'done'; i += 1) await new Promise((r) => setTimeout(r, 100));
        return { counts: checked.counts, rows };
      };
      const first = await importCompanies('1.250.000,50');
      expect(first.counts, JSON.stringify(first.rows)).toMatchObject({ create: 1, error: 0 });
      const found = (await api()('GET', `/api/pessoa_juridica/cnpj/${cnpj.replace(/\D/g, '')}`)).body.data;
      const stored = (await api()('GET', `/api/pessoa_juridica/${found.id}`)).body.data;
      expect(stored).toMatchObject({ cnpj, name: 'Construtora Planalto Ltda', social_capital: '1250000.50' });
      // The same CNPJ again, written without its marks: the company is updated, not duplicated.
      expect((await importCompanies('1.250.000,50')).counts).toMatchObject({ skip: 1, create: 0 });
      expect((await importCompanies('2.000.000,00')).counts).toMatchObject({ update: 1, create: 0 });
      expect((await api()('GET', `/api/pessoa_juridica/${found.id}`)).body.data.social_capital).toBe('2000000.00');
    }, 120_000);

    it('refuses what is not a spreadsheet, and whoever may not create persons', async () => {
      expect((await upload('nada.csv', Buffer.from(''))).body.errors).toEqual({ file: ['A planilha não tem a linha de cabeçalho com os nomes das colunas.'] });
      expect((await upload('so-cabecalho.csv', csvOf([PERSON_HEADERS]))).body.errors).toEqual({ file: ['A planilha não tem linhas para importar.'] });
      expect((await upload('falsa.xlsx', Buffer.from('isto não é uma planilha'))).body.errors).toEqual({ file: ['O arquivo deve ser uma planilha CSV ou XLSX.'] });
      const response = await server.app.inject({ method: 'POST', url: '/api/pessoa_fisica/import', headers: { authorization: `Bearer ${server.adminToken}` }, payload: { file: 'x' } });
      expect(response.json().errors).toEqual({ file: ['Envie a planilha (CSV ou XLSX) no campo file.'] });
      // The spreadsheet is read from the field named file only.
      const imports = async () => Number((await server.db.selectFrom('imports').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
      const before = await imports();
      const other = multipart('pessoas.csv', csvOf([PERSON_HEADERS, personRow('Gil', cpfs(1)[0])]), 'planilha');
      const elsewhere = await server.app.inject({ method: 'POST', url: '/api/pessoa_fisica/import', headers: { ...other.headers, authorization: `Bearer ${server.adminToken}` }, payload: other.payload });
      expect([elsewhere.statusCode, elsewhere.json().errors]).toEqual([422, { file: ['Envie a planilha (CSV ou XLSX) no campo file.'] }]);
      expect(await imports()).toBe(before);
      const reader = await userWith(server, [{ name: 'party.index' }, { name: 'party.show' }]);
      expect((await upload('pessoas.csv', csvOf([PERSON_HEADERS, personRow('Gil', cpfs(1)[0])]), reader.token)).status).toBe(403);
      expect((await call(server, reader.token)('GET', '/api/pessoa_fisica/import/template')).status).toBe(403);
      expect((await api()('GET', '/api/pessoa_fisica/import/999999')).status).toBe(404);
      expect((await api()('POST', '/api/pessoa_fisica/import/999999/commit')).status).toBe(404);
    }, 60_000);

    it('answers hostile mapping bodies and ids with a 4xx in pt-BR on the field, keeping the mapping', async () => {
      const started = (await upload('hostil.csv', csvOf([PERSON_HEADERS, personRow('Iara', cpfs(1)[0])]))).body.data;
      const url = `/api/pessoa_fisica/import/${started.id}/mapping`;
      const put = async (payload: string) => {
        const response = await server.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' }, payload });
        return { status: response.statusCode, body: response.json() };
      };
      for (const payload of ['"texto"', '42', 'null', '[]', '{}', '{"mapping": "x"}', '{"mapping": [1]}', `{"mapping": "${'x'.repeat(1_000_000)}"}`]) {
        const answer = await put(payload);
        expect([answer.status, answer.body.errors], payload.slice(0, 40)).toEqual([422, { mapping: ['O mapeamento deve ser um objeto.'] }]);
      }
      const unknown = await put(JSON.stringify({ mapping: { 0: 'x'.repeat(1_000_000), 1: 42, 999: 'name', [`${'9'.repeat(400)}`]: 'name' } }));
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors).toMatchObject({ 'mapping.0': ['Coluna desconhecida neste cadastro.'], 'mapping.1': ['Coluna desconhecida neste cadastro.'], 'mapping.999': ['Coluna da planilha inexistente.'] });
      expect((await api()('GET', `/api/pessoa_fisica/import/${started.id}`)).body.data.mapping).toEqual(started.mapping);
      const rows = (query: string) => api()('GET', `/api/pessoa_fisica/import/${started.id}/rows?${query}`);
      for (const [query, field] of [['per_page=0', 'per_page'], ['per_page=201', 'per_page'], ['per_page=abc', 'per_page'], ['per_page=5&per_page=6', 'per_page'], ['page=0', 'page'], ['page=-1', 'page'], ['action=erro', 'action'], ['action=error&action=skip', 'action']]) {
        const answer = await rows(query);
        expect([answer.status, Object.keys(answer.body.errors ?? {})], query).toEqual([422, [field]]);
      }
      expect((await rows('per_page=200&page=1&action=create')).status).toBe(200);
      for (const id of ['abc', '0', '-1', '1.5', '9'.repeat(40), "1' or '1'='1"]) {
        expect((await api()('GET', `/api/pessoa_fisica/import/${encodeURIComponent(id)}`)).status, id).toBe(404);
        expect((await api()('POST', `/api/pessoa_fisica/import/${encodeURIComponent(id)}/check`)).status, id).toBe(404);
      }
    }, 60_000);
  });
}
