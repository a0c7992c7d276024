/**
 * Every receivables route given hostile input (docs/RECEIVABLES.md; the generic fuzz run,
 * tests/fuzz, sends each route of the server its nested, long and dated shapes, this file each
 * field of these routes its own): each field of a body otherwise valid in turn given a null, a value
 * of the wrong type, a megabyte of text, 10,000 levels of nesting, 100,000 ids, amounts negative,
 * zero, past any number or ill-formed, days that do not exist or lie eight thousand years on, ids no
 * record has; each path id and date query likewise. Never a 5xx; every refusal a 4xx whose 422
 * names, in pt-BR, a field the route has; nothing written by a refused request (the tables the
 * routes write counted before and after each one). Another space's ids: tests/receivables/spaces.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { call, startTestServer, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { created, type Api } from './api-support.js';
import { CLOCK, setUpGeneration, type GenerationSetUp } from './generation-support.js';

type Row = Record<string, any>;
type Kind = 'id' | 'optionalId' | 'year' | 'money' | 'genericMoney' | 'optionalMoney' | 'date' | 'optionalDate' | 'ids' | 'text' | 'optionalText' | 'means';

const MEGABYTE = 'x'.repeat(1_000_000);
/** JSON text no JavaScript value is written as: a value nested 10,000 levels (past the stack's depth to stringify), a number past any double. */
const DEEP = Symbol('10.000 níveis');
const PAST_ANY_NUMBER = Symbol('1e400');
const RAW = new Map<symbol, string>([[DEEP, `${'['.repeat(10_000)}1${']'.repeat(10_000)}`], [PAST_ANY_NUMBER, '1e400']]);
const MANY_IDS = Array.from({ length: 100_000 }, (_, i) => i + 1);
const HUGE_INTEGERS = [2 ** 53 + 2, 9_223_372_036_854_775_808, 1e300];

/** What any field may be sent that no field takes. */
const ANY: unknown[] = [true, [], {}, { valor: 1 }, MEGABYTE, DEEP];
const BY_KIND: Record<Kind, unknown[]> = {
  id: [null, 0, -1, 1.5, 'abc', '', ...HUGE_INTEGERS, PAST_ANY_NUMBER, 99_999_999],
  // '' is no id: an optional reference left empty, as a form sends it.
  optionalId: [0, -1, 1.5, 'abc', ...HUGE_INTEGERS, PAST_ANY_NUMBER, 99_999_999],
  year: [null, 0, -1, 1999, 2101, 1.5, 'abc', '', ...HUGE_INTEGERS, PAST_ANY_NUMBER],
  money: [null, '1e400', '0.001', '-0', '0', '-1', '-0.01', '', ' ', 'NaN', 'Infinity', '1,50', '1.2.3', '１０', '99999999999999999999999.99', 10, -1, PAST_ANY_NUMBER],
  // A module's money field also takes what a person types ('1.234,56') and whole numbers (the generic contract).
  genericMoney: [null, '1e400', '0.001', '-0', '0', '-1', '', 'NaN', 'Infinity', '1.2.3', '１０', '99999999999999999999999.99', 0.001, -1, PAST_ANY_NUMBER],
  // '' is none: a blank amount is one not typed.
  optionalMoney: ['1e400', '0.001', '-1', '-0.01', 'NaN', 'Infinity', '1,50', '1.2.3', '１０', '99999999999999999999999.99', 10, PAST_ANY_NUMBER],
  date: [null, '2026-02-30', '9999-12-31', '', '0000-00-00', '2026-13-01', '31/12/2026', '2026-1-1', '2026-11-20T00:00:00Z', 20_261_120],
  optionalDate: ['2026-02-30', '9999-12-31', '', '0000-00-00', '2026-13-01', '31/12/2026', '2026-1-1', 20_261_120],
  ids: [null, [], MANY_IDS, [0], [-1], ['a'], [1.5], [null], [9_223_372_036_854_775_808], [99_999_999], 'abc', 1],
  text: [null, '', '   ', 'x'.repeat(1_001), 42],
  optionalText: ['x'.repeat(1_001), 42],
  means: [null, 0, 7, -1, 1.5, 'PIX', ''],
};
const HOSTILE_PATH_IDS = ['0', '-1', '1.5', 'abc', '1e3', '%00', '%20', '99999999', '9223372036854775808', '9'.repeat(300)];
const HOSTILE_QUERY_DATES = ['2026-02-30', '9999-12-31', '', '0000-00-00', '2026-13-01', '31%2F12%2F2026', 'x'.repeat(10_000)];

/** JSON text of a body, the raw values written out as a client would. */
const bodyText = (body: unknown) => {
  let text = JSON.stringify(body, (_key, value) => (typeof value === 'symbol' ? `__${String(value.description)}__` : value));
  for (const [symbol, raw] of RAW) text = text.replaceAll(`"__${symbol.description}__"`, raw);
  return text;
};
const shown = (value: unknown) => (typeof value === 'symbol' ? value.description : value === MEGABYTE ? '1 MB' : value === MANY_IDS ? '100.000 ids' : JSON.stringify(value)?.slice(0, 40));
/** English, as a validator's own messages are: a refusal must be the product's pt-BR. */
const ENGLISH = /\b(must|should|is required|invalid|not allowed|expected)\b/i;

for (const kind of FEATURE_DATABASE_KINDS) describe(`receivables routes given hostile input [${kind}]`, () => {
  let server: TestServer;
  let api: Api;
  let setUp: GenerationSetUp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await startTestServer(kind, { clock: CLOCK });
    api = call(server, server.adminToken);
    setUp = await setUpGeneration(server, api);
    const { receivables } = setUp;
    ids.awaiting = await receivables.debtType({ denomination: 'Taxa a confirmar', characteristic: 2, is_dynamic: true, allow_create_without_confirmation: false });
    ids.tax = await receivables.debtType({ denomination: 'Taxa de certidão', characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true });
    ids.party = Number(setUp.by.full.party_id);
    ids.account = (await created(api, '/api/control_account/lancamento', { party_id: ids.party, debt_type_id: ids.tax, exercise: 2026, principal: '900000.00', due_date: '2026-12-10', posting_date: '2026-11-20' })).id;
    ids.pending = (await created(api, '/api/control_account/lancamento', { party_id: ids.party, debt_type_id: ids.awaiting, exercise: 2026, principal: '50.00', due_date: '2026-12-10', posting_date: '2026-11-20' })).id;
    ids.payment = (await created(api, '/api/control_account/pagamento', { date: '2026-11-20', amount: '1.00', means: 3, control_account_ids: [ids.account] })).id;
    ids.run = (await created(api, '/api/control_account/geracao/simulacao', { year: 2027 })).id;
    ids.value = (await created(api, '/api/valores_contribuicao', { debt_type_id: receivables.ids.annuity, year: 2028, contribution_range_id: setUp.registrations.ranges.full, amount: '700.00', due_date: '2028-03-31' })).id;
  }, 300_000);

  afterAll(async () => server?.close());

  /** What the routes write: counted before and after every refused request. */
  const counts = async () => (await sql<Row>`select
      (select count(*) from control_accounts) as accounts, (select count(*) from control_account_balance_histories) as histories,
      (select count(*) from control_account_custom_fields) as fields, (select count(*) from receivable_payments) as payments,
      (select count(*) from receivable_payment_lines) as lines, (select count(*) from receivable_credits) as credits,
      (select count(*) from receivable_generations) as runs, (select count(*) from contribution_values) as contribution_values,
      (select count(*) from audits) as audits, (select coalesce(sum(number), 0) from sequences) as drawn,
      (select string_agg(id || ':' || status || ':' || open_principal, ',' order by id) from control_accounts) as states,
      (select string_agg(id || ':' || status, ',' order by id) from receivable_payments) as payment_states,
      (select string_agg(id || ':' || amount || ':' || due_date, ',' order by id) from contribution_values) as values`.execute(server.db)).rows[0]!;

  const problems: string[] = [];
  let sent = 0;
  /** Sends one hostile request; any 5xx, any 2xx, a 422 off the route's fields or not in pt-BR, anything written: a problem. */
  const refused = async (method: 'GET' | 'POST' | 'PUT', url: string, body: Row | undefined, fields: string[], what: string, allowed: number[] = [400, 404, 409, 413, 422]) => {
    const before = await counts();
    const response = await server.app.inject({
      method, url, headers: { authorization: `Bearer ${server.adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { payload: bodyText(body) } : {}),
    });
    sent += 1;
    let answer: any = response.body;
    try { answer = JSON.parse(response.body); } catch { /* kept as text */ }
    const said = `${method} ${url.slice(0, 80)} ${what} → ${response.statusCode} ${JSON.stringify(answer).slice(0, 200)}`;
    if (!allowed.includes(response.statusCode)) problems.push(said);
    if (response.statusCode === 422) {
      const errors = answer?.errors && typeof answer.errors === 'object' ? answer.errors : { '(sem campo)': [answer?.message] };
      for (const [field, messages] of Object.entries(errors as Record<string, string[]>)) {
        const top = field.split('.')[0]!;
        if (!fields.includes(top) && field !== '_') problems.push(`campo ${field} fora da rota: ${said}`);
        // In pt-BR, naming the field by its label, not by its key.
        const spoken = (m: unknown) => typeof m === 'string' && m.trim() !== '' && !ENGLISH.test(m) && !(top.includes('_') && m.includes(top));
        if (!Array.isArray(messages) || !messages.length || !messages.every(spoken)) problems.push(`mensagem: ${said}`);
      }
    } else if (response.statusCode >= 400 && (typeof answer?.message !== 'string' || ENGLISH.test(answer.message))) problems.push(`mensagem: ${said}`);
    const after = await counts();
    if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`gravou: ${said}`);
  };

  /** Each field of `valid` in turn given every hostile value of its kind and of any kind. */
  const eachField = async (method: 'POST' | 'PUT', url: string, valid: Row, kinds: Record<string, Kind>) => {
    const fields = Object.keys(kinds);
    for (const [field, fieldKind] of Object.entries(kinds)) {
      for (const value of [...BY_KIND[fieldKind], ...ANY]) await refused(method, url, { ...valid, [field]: value }, fields, `${field}=${shown(value)}`);
    }
    // Bodies of no object's shape.
    for (const body of [42, 'texto', [valid]]) await refused(method, url, body as unknown as Row, ['_'], `corpo ${shown(body)}`);
  };

  it('refuses hostile bodies on each field of each route: a 4xx in pt-BR on the field, nothing written', async () => {
    const started = performance.now();
    const { receivables, registrations } = setUp;
    await eachField('POST', '/api/control_account/lancamento', { party_id: ids.party, debt_type_id: ids.tax, exercise: 2026, principal: '10.00', due_date: '2026-12-10', posting_date: '2026-11-20' }, {
      party_id: 'id', registration_id: 'optionalId', debt_type_id: 'id', exercise: 'year', due_date: 'optionalDate', posting_date: 'optionalDate', principal: 'optionalMoney', base: 'optionalMoney',
    });
    // The amount is given where the debt type lets it be: a body valid but for the hostile field would post; so each
    // request carries one refused value, and the valid body itself is never sent.
    await eachField('POST', '/api/control_account/pagamento', { date: '2026-11-20', amount: '1.00', means: 3, control_account_ids: [ids.account], notes: 'Pago no caixa' }, {
      date: 'date', amount: 'money', means: 'means', control_account_ids: 'ids', notes: 'optionalText',
    });
    await eachField('POST', `/api/control_account/${ids.account}/cancelamento`, { motivo: 'Lançado em duplicidade', data: '2026-11-20' }, { motivo: 'text', data: 'optionalDate' });
    await eachField('POST', `/api/pagamentos/${ids.payment}/estorno`, { reason: 'Pago em duplicidade' }, { reason: 'text' });
    await eachField('POST', '/api/control_account/geracao/simulacao', { year: 2027 }, { year: 'year' });
    await eachField('POST', '/api/control_account/geracao', { year: 2027 }, { year: 'year', dry_run_id: 'optionalId' });
    await eachField('POST', `/api/inscricao/${setUp.by.full.id}/gerar_anuidade`, { year: 2027 }, { year: 'year' });
    const value = { debt_type_id: receivables.ids.annuity, year: 2029, contribution_range_id: registrations.ranges.full, category_id: null, amount: '700.00', due_date: '2029-03-31' };
    const valueKinds: Record<string, Kind> = { debt_type_id: 'id', year: 'year', contribution_range_id: 'id', category_id: 'optionalId', amount: 'genericMoney', due_date: 'date' };
    await eachField('POST', '/api/valores_contribuicao', value, valueKinds);
    await eachField('PUT', `/api/valores_contribuicao/${ids.value}`, { ...value, year: 2028, due_date: '2028-03-31' }, valueKinds);
    const seconds = (performance.now() - started) / 1000;
    console.log(`receivables hostile bodies [${kind}]: ${sent} requests in ${seconds.toFixed(1)} s, ${problems.length} problems`);
    expect(problems).toEqual([]);
  }, 300_000);

  it('refuses hostile ids in the path and dates in the query: 404 or 422 on the date, never a 5xx, nothing written', async () => {
    problems.length = 0;
    const party = ids.party;
    for (const id of HOSTILE_PATH_IDS) {
      await refused('POST', `/api/control_account/${id}/confirmar`, undefined, ['id'], 'id');
      await refused('GET', `/api/control_account/${id}/saldo?data=2026-12-31`, undefined, ['id'], 'id');
      await refused('GET', `/api/partes/${id}/saldo?data=2026-12-31`, undefined, ['id'], 'id');
      await refused('GET', `/api/partes/${id}/regularidade?data=2026-12-31`, undefined, ['id'], 'id');
      await refused('POST', `/api/pagamentos/${id}/estorno`, { reason: 'Pago em duplicidade' }, ['id'], 'id');
      await refused('POST', `/api/control_account/${id}/cancelamento`, { motivo: 'Lançado em duplicidade' }, ['id'], 'id');
      await refused('GET', `/api/control_account/geracao/${id}`, undefined, ['id'], 'id');
      await refused('POST', `/api/inscricao/${id}/gerar_anuidade`, { year: 2027 }, ['id'], 'id');
    }
    // An account not awaiting confirmation, a payment of another kind of record: refused, nothing written.
    await refused('POST', `/api/control_account/${ids.account}/confirmar`, undefined, ['id'], 'conta aberta');
    await refused('POST', `/api/pagamentos/${ids.account}/estorno`, { reason: 'Outro registro' }, ['id'], 'id de uma conta');
    for (const date of HOSTILE_QUERY_DATES) {
      // A day far on is a day: its balance is answered (200), as fast as today's.
      const allowed = date === '9999-12-31' ? [200] : [422];
      await refused('GET', `/api/control_account/${ids.account}/saldo?data=${date}`, undefined, ['data'], `data=${date.slice(0, 20)}`, allowed);
      await refused('GET', `/api/partes/${party}/saldo?data=${date}`, undefined, ['data'], `data=${date.slice(0, 20)}`, allowed);
      await refused('GET', `/api/partes/${party}/regularidade?data=${date}`, undefined, ['data'], `data=${date.slice(0, 20)}`, allowed);
    }
    for (const url of [`/api/control_account/${ids.account}/saldo`, `/api/partes/${party}/saldo`]) {
      await refused('GET', url, undefined, ['data'], 'sem data');
      await refused('GET', `${url}?data=2026-12-31&data=2027-01-01`, undefined, ['data'], 'duas datas');
    }
    console.log(`receivables hostile paths [${kind}]: ${problems.length} problems`);
    expect(problems).toEqual([]);
  }, 300_000);
});
