/**
 * Receivables through a real product process killed with kill -9 (docs/RECEIVABLES.md §4, §7), on
 * both databases (crash and restart are the database's subject, docs/TESTING.md):
 * - the annual generation's commit killed between and inside its batches, the process started again
 *   on the same data: the commit taken back from its cursor and finished; each eligible registration
 *   with one annuity of the year, each account with its custom fields, history row and audit row,
 *   no number drawn twice nor lost, the run's totals those of the accounts;
 * - payments posted by concurrent clients, the process killed among them: every payment whole (its
 *   lines' sum its amount less its credit, a history row per line, its credit, its audit row), each
 *   account's open principal its principal less the principal its payments took, every
 *   acknowledged payment kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { DATABASE_KINDS } from '../support/databases.js';
import { call, logIn, startProductProcess, type ProductProcess } from '../resilience/support/product-process.js';
import { productData, setUpOnData, type ProductData } from './process-support.js';
import type { GenerationSetUp } from './generation-support.js';

type Row = Record<string, any>;

/**
 * Registrations beyond the set-up's eight, billed a batch of BATCH at a time: enough batches for the
 * kill to land among them (it lands after the first or second). The process started again takes the
 * rest in batches of RESUMED_BATCH: the commit is taken back from its cursor whatever its batch size.
 */
const EXTRA = 3_000;
const BATCH = 30;
const RESUMED_BATCH = 1_000;
const YEAR = 2027;
const PAID_BEFORE_KILL = 40;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
/** A decimal's text ('680.00', '0', '12.5') in exact cents. */
const cents = (text: string) => {
  const [units, fraction = ''] = String(text).split('.');
  return BigInt(`${units}${fraction.padEnd(2, '0').slice(0, 2)}`);
};
const money = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;

for (const kind of DATABASE_KINDS) describe(`receivables through a product killed with kill -9 [${kind}]`, () => {
  let data: ProductData;
  let setUp: GenerationSetUp;
  let running: ProductProcess | undefined;
  let runDate = '';
  const env = (batch: number) => ({ ...data.env, GENERATION_BATCH_ROWS: String(batch), GENERATION_INTERVAL_MS: '200', GENERATION_STALE_SECONDS: '3' });
  const start = async (batch = BATCH) => {
    running = await startProductProcess(env(batch));
    const token = await logIn(running.url);
    const url = running.url;
    return (method: string, path: string, body?: unknown) => call(url, method, path, { token, body });
  };

  beforeAll(async () => {
    data = await productData(kind);
    setUp = await setUpOnData(data, EXTRA);
  }, 900_000);

  afterAll(async () => {
    await running?.stop();
    await data?.drop();
  });

  /** The eligible registrations: the seeded ones and the set-up's billed and proportional ones. */
  const eligible = (db: Kysely<any>) => sql<{ id: string }>`
    select r.id from registrations r join parties p on p.id = r.party_id
     where p.name like 'Profissional %' or r.id in (${sql.join([setUp.by.full.id, setUp.by.reduced.id, setUp.by.technician.id, setUp.by.proportional.id])})`.execute(db);
  /** Each registration with how many annuities of the year it has. */
  const annuitiesPerRegistration = async (db: Kysely<any>) => new Map((await sql<{ id: string; n: string }>`
    select r.id, count(c.id) as n from registrations r
      left join control_accounts c on c.registration_id = r.id and c.exercise = ${YEAR} and c.debt_type_id = ${setUp.receivables.ids.annuity}
     group by r.id`.execute(db)).rows.map((row) => [Number(row.id), Number(row.n)]));
  /** Accounts of the year missing a part the commit writes with them: history row, custom fields, audit row (each exactly as many as written). */
  const incompleteAccounts = async (db: Kysely<any>) => (await sql<Row>`
    select c.id, c.formatted_number,
           (select count(*) from control_account_balance_histories h where h.control_account_id = c.id and h.notes = ${`Lançamento da anuidade ${YEAR}`}) as history,
           (select count(*) from control_account_custom_fields f where f.control_account_id = c.id) as fields,
           (select count(*) from audits a where a.module = 'control_account' and a.event = 'created' and a.record_id = c.id) as audits
      from control_accounts c where c.exercise = ${YEAR} and c.debt_type_id = ${setUp.receivables.ids.annuity}`.execute(db)).rows
    .filter((row) => Number(row.history) !== 1 || Number(row.fields) < 3 || Number(row.audits) !== 1);

  it(`takes back a generation of ${EXTRA + 8} registrations killed mid-commit: each eligible registration billed once, whole, numbered once`, async () => {
    let api = await start();
    const dry = await api('POST', '/api/control_account/geracao/simulacao', { year: YEAR });
    expect(dry.status, JSON.stringify(dry.body)).toBe(201);
    const queued = await api('POST', '/api/control_account/geracao', { year: YEAR });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const id = queued.body.data.id as number;
    runDate = queued.body.data.run_date;

    // Killed once some batches are written, not all.
    let progress: Row = {};
    for (let tries = 0; !(progress.done > 0); tries += 1) {
      if (tries > 6000) throw new Error(`the commit did not start: ${JSON.stringify(progress)}`);
      progress = (await api('GET', `/api/control_account/geracao/${id}`)).body.data;
      expect(progress.state, 'the commit ended before the kill: more registrations needed').not.toBe('done');
      if (!(progress.done > 0)) await pause(10);
    }
    await running!.kill();

    // What the kill left: whole batches up to the run's cursor, nothing after it.
    const atKill = await data.withDb(async (db) => {
      const run = await db.selectFrom('receivable_generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const billed = await annuitiesPerRegistration(db);
      const wrong = (await eligible(db)).rows.map((row) => Number(row.id)).filter((registration) => billed.get(registration) !== (registration <= Number(run.cursor) ? 1 : 0));
      return { run, wrong, incomplete: await incompleteAccounts(db) };
    });
    expect(atKill.run.state).toBe('running');
    expect(atKill.run.done).toBeGreaterThan(0);
    expect(atKill.run.done).toBeLessThan(EXTRA + 8);
    expect(atKill.wrong).toEqual([]);
    expect(atKill.incomplete).toEqual([]);
    console.log(`generation [${kind}] killed after ${atKill.run.done} of ${EXTRA + 8} registrations`);

    api = await start(RESUMED_BATCH);
    let run: Row = {};
    for (let tries = 0; run.state !== 'done'; tries += 1) {
      if (tries > 1200 || run.state === 'failed') throw new Error(`the commit was not taken back: ${JSON.stringify(run)}`);
      run = (await api('GET', `/api/control_account/geracao/${id}`)).body.data;
      if (run.state !== 'done') await pause(100);
    }
    await running!.stop();
    const registrations = EXTRA + 8;
    expect(run).toMatchObject({ state: 'done', done: registrations, total: registrations, error_reason: null });

    await data.withDb(async (db) => {
      const billed = await annuitiesPerRegistration(db);
      const shouldBe = new Set((await eligible(db)).rows.map((row) => Number(row.id)));
      expect(shouldBe.size).toBe(EXTRA + 4);
      // Per registration: the eligible once, the others (exempt, in review, suspended, cancelled) never.
      expect([...billed].filter(([registration, n]) => n !== (shouldBe.has(registration) ? 1 : 0))).toEqual([]);
      expect(await incompleteAccounts(db)).toEqual([]);
      const attempts = await db.selectFrom('receivable_generations').select('attempts').where('id', '=', id).executeTakeFirstOrThrow();
      expect(attempts.attempts).toBe(2);

      // Numbers: none repeated within the debt type; the year's drawn without a hole (the killed batch's draw rolled back).
      const repeated = await sql<Row>`select formatted_number, count(*) as n from control_accounts where debt_type_id = ${setUp.receivables.ids.annuity} group by formatted_number having count(*) > 1`.execute(db);
      expect(repeated.rows).toEqual([]);
      const numbers = (await db.selectFrom('control_accounts').select('formatted_number').where('exercise', '=', YEAR).where('debt_type_id', '=', setUp.receivables.ids.annuity).execute())
        .map((row) => Number(/^ANU-(\d+)\//.exec(row.formatted_number)![1])).sort((a, b) => a - b);
      expect(numbers.length).toBe(EXTRA + 4);
      expect(numbers.at(-1)! - numbers[0]! + 1).toBe(numbers.length);

      // The run's totals are the accounts': count and sum of the billed and proportional lines.
      const accounts = await sql<{ n: string; total: string }>`select count(*) as n, coalesce(sum(principal), 0)::text as total from control_accounts where exercise = ${YEAR} and debt_type_id = ${setUp.receivables.ids.annuity}`.execute(db);
      const lines = (run.totals.lines as Row[]).filter((line) => line.class === 'billed' || line.class === 'proportional');
      expect(lines.reduce((n, line) => n + line.count, 0)).toBe(Number(accounts.rows[0]!.n));
      expect(lines.reduce((sum, line) => sum + cents(line.total), 0n)).toBe(cents(accounts.rows[0]!.total));
      expect(run.totals.registrations).toBe(registrations);
      // The same classes as the dry run made before it.
      const key = (line: Row) => `${line.class}|${line.reason}|${line.category}|${line.range}|${line.count}|${line.total}`;
      expect(lines.map(key).sort()).toEqual((dry.body.data.totals.lines as Row[]).filter((line) => line.class === 'billed' || line.class === 'proportional').map(key).sort());
    });
  }, 600_000);

  it('keeps every payment whole when killed among concurrent payments: lines, accounts, history, credits', async () => {
    expect(runDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const accounts = await data.withDb(async (db) => (await db.selectFrom('control_accounts').select(['id', 'principal'])
      .where('exercise', '=', YEAR).where('status', '=', 1).orderBy('id').limit(2_000).execute()).map((row) => ({ id: Number(row.id), principal: String(row.principal) })));
    const api = await start();

    // Four clients pay accounts one after another: a part, the whole, or more than the whole (a credit).
    const acknowledged: number[] = [];
    let next = 0;
    let stopped = false;
    let refused: Error | undefined;
    const client = async () => {
      while (!stopped && next < accounts.length) {
        const account = accounts[next]!;
        const amount = next % 3 === 0 ? '100.00' : next % 3 === 1 ? account.principal : money(cents(account.principal) + 2500n);
        next += 1;
        const answer = await api('POST', '/api/control_account/pagamento', { date: runDate, amount, means: 3, control_account_ids: [account.id] }).catch(() => null);
        if (answer && answer.status !== 201 && !stopped) refused ??= new Error(`payment of ${amount} to account ${account.id} refused: ${answer.status} ${JSON.stringify(answer.body)}`);
        if (answer?.status === 201 && !stopped) acknowledged.push(Number(answer.body.data.id));
      }
    };
    const clients = [client(), client(), client(), client()];
    for (let tries = 0; acknowledged.length < PAID_BEFORE_KILL; tries += 1) {
      if (refused) throw refused;
      if (tries > 6000) throw new Error('the payments did not start');
      await pause(10);
    }
    await running!.kill();
    stopped = true;
    await Promise.all(clients);
    expect(next).toBeLessThan(accounts.length);

    // Started again on the data: it answers, and every acknowledged payment is there.
    const again = await start();
    for (const id of acknowledged) expect((await again('GET', `/api/pagamentos/${id}`)).status, `payment ${id}`).toBe(200);
    await running!.stop();

    await data.withDb(async (db) => {
      const payments = await sql<Row>`
        select p.id, p.amount::text as amount, p.credit::text as credit, p.status,
               (select coalesce(sum(l.applied), 0)::text from receivable_payment_lines l where l.receivable_payment_id = p.id) as applied,
               (select count(*) from receivable_payment_lines l where l.receivable_payment_id = p.id) as lines,
               (select count(*) from control_account_balance_histories h where h.notes like 'Pagamento de R$ % nº ' || p.id) as history,
               (select count(*) from audits a where a.module = 'pagamentos' and a.event = 'created' and a.record_id = p.id) as audits,
               (select coalesce(sum(c.amount), 0)::text from receivable_credits c where c.payment_id = p.id) as credited
          from receivable_payments p`.execute(db);
      const ids = new Set(payments.rows.map((row) => Number(row.id)));
      expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
      expect(payments.rows.length).toBeGreaterThanOrEqual(PAID_BEFORE_KILL);
      const broken = payments.rows.filter((p) => Number(p.lines) < 1 || Number(p.history) !== Number(p.lines) || Number(p.audits) !== 1
        || cents(p.applied) !== cents(p.amount) - cents(p.credit) || cents(p.credited) !== cents(p.credit));
      expect(broken).toEqual([]);
      console.log(`payments [${kind}]: killed with ${acknowledged.length} acknowledged, ${payments.rows.length} payments written, none broken`);
      // Some paid in part, some settled, some left a credit.
      expect(payments.rows.some((p) => cents(p.credit) > 0n)).toBe(true);

      // Each account: its open principal is its principal less what its standing payments took; paid exactly when nothing is open.
      const accountsLeft = await sql<Row>`
        select c.id, c.status, c.principal::text as principal, c.open_principal::text as open_principal,
               (select coalesce(sum(l.principal_share), 0)::text from receivable_payment_lines l join receivable_payments p on p.id = l.receivable_payment_id
                 where l.control_account_id = c.id and p.status = 1) as paid
          from control_accounts c`.execute(db);
      const wrong = accountsLeft.rows.filter((a) => cents(a.open_principal) !== cents(a.principal) - cents(a.paid) || (Number(a.status) === 2) !== (cents(a.open_principal) === 0n));
      expect(wrong).toEqual([]);
      // No line, history row or credit of a payment that is not there.
      const orphans = await sql<Row>`
        select h.id from control_account_balance_histories h
         where h.notes like 'Pagamento de R$ %' and not exists (select 1 from receivable_payments p where h.notes like 'Pagamento de R$ % nº ' || p.id)`.execute(db);
      expect(orphans.rows).toEqual([]);
    });
  }, 600_000);
});
