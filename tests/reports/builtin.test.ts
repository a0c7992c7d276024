/**
 * The built-in engine over the municipalities grouped by UF (the reference data every space has),
 * on PGlite and PostgreSQL: each format read back, the person's grants, the shipped persons design,
 * the inspections design whose module does not exist yet, and hostile designs.
 */
import { beforeAll, expect, it } from 'vitest';
import { loadModel } from '../../language/index.js';
import { shippedDesign } from '../../src/server/features/reports/builtin/designs/index.js';
import { ReportError } from '../../src/server/features/reports/engine.js';
import { seedReferenceData } from '../../src/server/core/seed/index.js';
import { seedPlaces } from '../../src/server/core/seed/places.js';
import { ROOT } from '../api/support/server.js';
import { describeOnDatabases, FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { csvRows, pdfPages, runReport, xlsxRows } from './support.js';

const model = loadModel(ROOT);
const cities = shippedDesign('cities');

describeOnDatabases('built-in report engine', (getDb) => {
  let sergipe: number;
  let sergipeCities: { name: string; ibge_code: number }[];

  beforeAll(async () => {
    await seedPlaces(getDb());
    await getDb().updateTable('parameters').set({ value: 'Conselho Regional de Teste', use_default: false }).where('name', '=', 'system_name').execute();
    sergipe = Number((await getDb().selectFrom('states').select('id').where('initials', '=', 'SE').executeTakeFirstOrThrow()).id);
    sergipeCities = await getDb().selectFrom('cities').select(['name', 'ibge_code']).where('uf_id', '=', sergipe).orderBy('id').execute();
  }, 120_000);

  it('writes a CSV with ; and a BOM: the group, then the columns, one line per city of the UF chosen', async () => {
    const output = await runReport(getDb(), model, cities, 'csv', { parameters: { uf_id: sergipe } });
    expect(output.fileName).toBe('municipios-por-uf.csv');
    expect(output.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = csvRows(output.bytes);
    expect(rows[0]).toEqual(['UF', 'Nome', 'Código IBGE']);
    expect(rows.slice(1)).toEqual(sergipeCities.map((c) => ['Sergipe', c.name, String(c.ibge_code)]));
  });

  it('writes an XLSX with the header, the column titles, group headings, rows and counts', async () => {
    const output = await runReport(getDb(), model, cities, 'xlsx', { parameters: { uf_id: sergipe } });
    const rows = await xlsxRows(output.bytes);
    expect(rows[0]).toEqual(['Conselho Regional de Teste']);
    expect(rows[1]).toEqual(['Municípios por UF']);
    expect(rows[5]).toEqual(['Nome', 'Código IBGE']);
    expect(rows[6]).toEqual(['UF: Sergipe']);
    expect(rows.slice(7, 7 + sergipeCities.length)).toEqual(sergipeCities.map((c) => [c.name, c.ibge_code]));
    expect(rows[7 + sergipeCities.length]).toEqual([`Subtotal Sergipe: ${sergipeCities.length} registros`]);
    expect(rows[8 + sergipeCities.length]).toEqual([`Total: ${sergipeCities.length} registros`]);
  });

  it('ends with a summary by a field: a line per value, with its count', async () => {
    const alagoas = Number((await getDb().selectFrom('states').select('id').where('initials', '=', 'AL').executeTakeFirstOrThrow()).id);
    const count = async (uf: number) => (await getDb().selectFrom('cities').select('id').where('uf_id', '=', uf).execute()).length;
    const design = { version: 1, title: 'Municípios', source: { module: 'municipios', filters: { uf_id: [sergipe, alagoas] } }, columns: [{ field: 'name' }], summaries: [{ field: 'uf_id', label: 'Por UF' }] };
    const pages = (await pdfPages((await runReport(getDb(), model, design, 'pdf')).bytes)).join(' ');
    const [al, se] = [await count(alagoas), await count(sergipe)];
    expect(pages).toContain(`Total: ${al + se} registros Por UF Registros ${alagoas < sergipe ? `Alagoas ${al} Sergipe ${se}` : `Sergipe ${se} Alagoas ${al}`}`);
    const rows = await xlsxRows((await runReport(getDb(), model, design, 'xlsx')).bytes);
    expect(rows.slice(-4)).toEqual([[], ['Por UF'], ...(alagoas < sergipe ? [[`Alagoas: ${al} registros`], [`Sergipe: ${se} registros`]] : [[`Sergipe: ${se} registros`], [`Alagoas: ${al} registros`]])]);
  });

  it('writes a PDF whose pages carry the header, the groups in UF order and a page count at the foot', async () => {
    const output = await runReport(getDb(), model, cities, 'pdf');
    expect(output.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(output.bytes);
    expect(pages.length).toBeGreaterThan(50);
    expect(pages[0]).toContain('Conselho Regional de Teste');
    expect(pages[0]).toContain('Municípios por UF');
    const first = await getDb().selectFrom('states').select('name').orderBy('id').executeTakeFirstOrThrow();
    expect(pages[0]).toContain(`Nome Código IBGE UF: ${first.name}`);
    expect(pages[0]).toContain(`Página 1 de ${pages.length}`);
    const all = pages.join(' ');
    expect(all).toContain('Subtotal Sergipe: 75 registros');
    const total = Number((await getDb().selectFrom('cities').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(pages.at(-1)).toContain(`Total: ${total.toLocaleString('pt-BR')} registros`);
  }, 120_000);

  it("searches with the list's own search, from a parameter", async () => {
    const rows = csvRows((await runReport(getDb(), model, cities, 'csv', { parameters: { nome: 'aracaju' } })).bytes);
    expect(rows.slice(1)).toEqual([['Mato Grosso do Sul', 'Maracaju', '5005400'], ['Sergipe', 'Aracaju', '2800308']]);
    const inSergipe = csvRows((await runReport(getDb(), model, cities, 'csv', { parameters: { nome: 'aracaju', uf_id: sergipe } })).bytes);
    expect(inSergipe.slice(1)).toEqual([['Sergipe', 'Aracaju', '2800308']]);
  });

  it('refuses, in pt-BR, a person who may not list municipalities', async () => {
    const may = (permission: string) => permission === 'state.index';
    await expect(runReport(getDb(), model, cities, 'pdf', { may })).rejects.toThrow(new ReportError('Você não tem permissão para listar Municípios, que este relatório lê.'));
  });

  it('lists the persons of the registry, filtered by genre, with the names of what they refer to', async () => {
    await seedReferenceData(getDb());
    const idOf = async (table: string, column: string, value: unknown) => (await getDb().selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow()).id;
    const [female, male] = [await idOf('genres', 'denomination', 'Feminino'), await idOf('genres', 'denomination', 'Masculino')];
    const common = {
      short_name: 'Pessoa', party_type_id: await idOf('party_types', 'code', 'pessoa_fisica'), date_birth: '1985-03-14',
      civil_status_id: await idOf('civil_statuses', 'denomination', 'Casado(a)'), naturalness_id: await idOf('cities', 'ibge_code', 2800308),
      nationality_id: await idOf('nationalities', 'denomination', 'Brasileira'),
    };
    await getDb().insertInto('persons').values([
      { ...common, name: 'Maria Souza', individual_registration: '529.982.247-25', genre_id: female },
      { ...common, name: 'João Lima', individual_registration: '111.444.777-35', genre_id: male },
    ]).execute();
    const rows = csvRows((await runReport(getDb(), model, shippedDesign('persons'), 'csv', { parameters: { genero: female } })).bytes);
    expect(rows).toEqual([['Nome', 'CPF', 'Data de nascimento', 'Gênero', 'Estado civil'], ['Maria Souza', '529.982.247-25', '14/03/1985', 'Feminino', 'Casado(a)']]);
  });

  it.each(['inspections'] as const)('renders the %s design, whose module does not exist yet, as an empty report', async (name) => {
    const design = shippedDesign(name);
    const { title } = JSON.parse(design.toString());
    const pages = await pdfPages((await runReport(getDb(), model, design, 'pdf')).bytes);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Conselho Regional de Teste');
    expect(pages[0]).toContain(title);
    expect(pages[0]).toContain('Nenhum registro.');
    const rows = await xlsxRows((await runReport(getDb(), model, design, 'xlsx')).bytes);
    expect(rows.at(-1)).toEqual(['Nenhum registro.']);
    expect(csvRows((await runReport(getDb(), model, design, 'csv')).bytes)).toHaveLength(1);
  });

  const hostile: [string, unknown, string][] = [
    ['not JSON', 'isto não é json', 'O arquivo do desenho do relatório não é um JSON válido.'],
    ['an unknown key', { version: 1, title: 'x', source: { module: 'municipios', drop: true }, columns: [{ field: 'name' }] }, 'O desenho do relatório é inválido: a chave "drop" em /source não é conhecida.'],
    ['a module that does not exist', { version: 1, title: 'x', source: { module: 'nao_existe' }, columns: [{ field: 'name' }] }, 'O desenho do relatório lê o cadastro nao_existe, que não existe.'],
    ['a huge limit', { version: 1, title: 'x', source: { module: 'municipios', limit: 1e12 }, columns: [{ field: 'name' }] }, 'O desenho do relatório é inválido: /source/limit deve ser no máximo 100.000.'],
    ['a field the module lacks', { version: 1, title: 'x', source: { module: 'municipios' }, columns: [{ field: 'senha' }] }, 'O desenho do relatório é inválido: /columns/0/field nomeia senha, que não é um campo de Municípios.'],
    ['a secret field', { version: 1, title: 'x', source: { module: 'usuarios' }, columns: [{ field: 'password' }] }, 'O desenho do relatório é inválido: /columns/0/field nomeia password, um campo que um relatório não mostra.'],
    ['a filter the list lacks', { version: 1, title: 'x', source: { module: 'municipios', filters: { nada: 1 } }, columns: [{ field: 'name' }] }, 'O desenho do relatório é inválido: Filtro desconhecido: nada.'],
    ['a parameter it does not declare', { version: 1, title: 'x', source: { module: 'municipios', search: { parameter: 'q' } }, columns: [{ field: 'name' }] }, 'O desenho do relatório é inválido: usa o parâmetro q, que não declara.'],
    ['a platform module', { version: 1, title: 'x', source: { module: 'clientes' }, columns: [{ field: 'id' }] }, 'O cadastro Clientes não pode ser lido por um relatório.'],
    ['a list of a prototype key', { version: 1, title: 'x', source: { module: '__proto__' }, columns: [{ field: 'name' }] }, 'O desenho do relatório é inválido: /source/module deve ser um nome em letras minúsculas, números e _.'],
    ['a data set that does not exist', { version: 1, title: 'x', source: { dataset: 'nao_existe' }, columns: [{ field: 'conta' }] }, 'O desenho do relatório lê o conjunto de dados nao_existe, que não existe.'],
    ['a data set of a prototype key', { version: 1, title: 'x', source: { dataset: 'constructor' }, columns: [{ field: 'conta' }] }, 'O desenho do relatório lê o conjunto de dados constructor, que não existe.'],
    ['a module and a data set', { version: 1, title: 'x', source: { module: 'municipios', dataset: 'debitos_em_aberto' }, columns: [{ field: 'name' }] }, 'O desenho do relatório é inválido: /source deve nomear um cadastro (module) ou um conjunto de dados (dataset), um só.'],
    ['neither a module nor a data set', { version: 1, title: 'x', source: {}, columns: [{ field: 'name' }] }, 'O desenho do relatório é inválido: /source deve nomear um cadastro (module) ou um conjunto de dados (dataset), um só.'],
    ['a data set with a list filter', { version: 1, title: 'x', source: { dataset: 'debitos_em_aberto', filters: { status: 1 } }, columns: [{ field: 'conta' }] }, 'O desenho do relatório é inválido: /source/filters vale só para um cadastro; um conjunto de dados lê arguments.'],
    ['an argument the data set does not read', { version: 1, title: 'x', source: { dataset: 'debitos_em_aberto', arguments: { uf: 1 } }, columns: [{ field: 'conta' }] }, 'O desenho do relatório é inválido: /source/arguments/uf não é lido pelo conjunto de dados debitos_em_aberto (lê data, tipo_debito_id, somente_vencidos).'],
    ['a field the data set lacks', { version: 1, title: 'x', source: { dataset: 'arrecadacao_por_periodo' }, columns: [{ field: 'senha' }] }, 'O desenho do relatório é inválido: /columns/0/field nomeia senha, que não é um campo do conjunto de dados arrecadacao_por_periodo.'],
    ['a summary by a field the module lacks', { version: 1, title: 'x', source: { module: 'municipios' }, columns: [{ field: 'name' }], summaries: [{ field: 'nada', label: 'Por nada' }] }, 'O desenho do relatório é inválido: /summaries/0/field nomeia nada, que não é um campo de Municípios.'],
  ];

  it.each(hostile)('answers a design with %s with a clear ReportError', async (_name, design, message) => {
    const file = typeof design === 'string' ? Buffer.from(design) : (design as object);
    await expect(runReport(getDb(), model, file, 'csv')).rejects.toThrow(new ReportError(message));
  });

  it('asks for a required parameter by its label', async () => {
    const design = { version: 1, title: 'x', parameters: [{ name: 'uf', label: 'UF', type: 'reference', required: true }], source: { module: 'municipios', filters: { uf_id: { parameter: 'uf' } } }, columns: [{ field: 'name' }] };
    await expect(runReport(getDb(), model, design, 'csv')).rejects.toThrow(new ReportError('Informe UF para gerar o relatório.'));
  });

  it('asks for a parameter the design type declares required, even when the file does not', async () => {
    const declared = [{ name: 'uf_id', label: 'UF', type: 'reference', required: true }, { name: 'outro', label: 'Outro', type: 'text', required: false }];
    await expect(runReport(getDb(), model, cities, 'csv', { declared })).rejects.toThrow(new ReportError('Informe UF para gerar o relatório.'));
    expect(csvRows((await runReport(getDb(), model, cities, 'csv', { declared, parameters: { uf_id: sergipe } })).bytes)).toHaveLength(sergipeCities.length + 1);
  });

  it('reads a design saved with a byte order mark', async () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), cities]);
    expect(csvRows((await runReport(getDb(), model, withBom, 'csv', { parameters: { uf_id: sergipe } })).bytes)).toHaveLength(sergipeCities.length + 1);
  });

  it('stops at the design limit and says so', async () => {
    const design = { version: 1, title: 'Poucos', source: { module: 'municipios', limit: 3 }, columns: [{ field: 'name' }] };
    const rows = await xlsxRows((await runReport(getDb(), model, design, 'xlsx')).bytes);
    expect(rows.slice(-2)).toEqual([['O relatório mostra só os primeiros 3 registros: refine os filtros para ver os demais.'], ['Total: 3 registros']]);
  });

  it('stops when the job is given up', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(runReport(getDb(), model, cities, 'pdf', { signal: controller.signal })).rejects.toThrow();
  });
}, { kinds: FEATURE_DATABASE_KINDS });
