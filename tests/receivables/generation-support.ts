/**
 * The annual generation's space (docs/RECEIVABLES.md §4): the receivables' settings (api-support.ts)
 * over a registration set-up made through the API (tests/registrations/support), the annuity
 * proportional (monthly, day 15), its 2027 values (Integral 680,00, Reduzida 340,00, Técnico in
 * Integral 408,00, due 31/03/2027), the situation 'Ativa' initiating and charging proportionally, and
 * a registration of each line of §4's table ('Em análise' and 'Cancelada' initiate nothing). Those made
 * in 'Ativa' enter charges in 2026 as they are made, billed then by §5 (origin 3).
 */
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { creator } from '../api/support/bodies.js';
import type { TestServer } from '../api/support/server.js';
import { registrationSetUp, type RegistrationSetUp } from '../registrations/support/configuration.js';
import { saving } from '../registrations/support/api.js';
import { created, setUpReceivables, type Api, type SetUp } from './api-support.js';

type Row = Record<string, any>;

export interface GenerationSetUp {
  receivables: SetUp;
  registrations: RegistrationSetUp;
  technician: number;
  /** A registration per line of §4's table, by what it shows. */
  by: Record<'full' | 'reduced' | 'exempt' | 'technician' | 'review' | 'suspended' | 'cancelled' | 'proportional', Row>;
  /** A new registration (a new person) in the engineer category, range Integral, situation Ativa unless told. */
  registration(values?: Row): Promise<Row>;
}

/** Today for these tests: 20/11/2026, when the council generates 2027. */
export const CLOCK = { now: () => Date.parse('2026-11-20T15:00:00Z') };

/** `seeded`: the space holds the reference seed (a product's data): the records made take its states and municipalities. */
export async function setUpGeneration(server: TestServer, api: Api, options: { seeded?: boolean } = {}): Promise<GenerationSetUp> {
  const post = saving(() => api);
  const registrations = await registrationSetUp(post);
  const { situations, ranges, categories } = registrations;
  await server.db.updateTable('situations').set({ initiates_contribution_charges: true, contribution_charge: true, proportional_charge: true }).where('id', '=', situations.active).execute();
  await server.db.updateTable('situations').set({ initiates_contribution_charges: false }).where('id', 'in', [situations.review, situations.cancelled]).execute();
  const technician = (await post('/api/categoria', {
    denomination: 'Técnico', person_type: 1, registration_type_default: registrations.type,
    registration_number_sequence_id: registrations.sequences.number, registration_process_number_sequence_id: registrations.sequences.process,
    contribution_ranges: [{ contribution_range_id: ranges.full, main: true }, { contribution_range_id: ranges.exempt, main: false }],
  })).id;
  const create = creator(server.model, (url, body) => api('POST', url, body), undefined, options.seeded ? (url) => api('GET', url) : undefined, options.seeded);
  const registration = async (values: Row = {}) => {
    const person = await create('pessoa_fisica');
    return post('/api/inscricao', {
      person_type: 1, party_id: create.records!.get(`pessoa_fisica:${person}`)!.party_id, category_id: categories.engineer, registration_type_id: registrations.type,
      registration_phase_id: registrations.phases.definitive, situation_id: situations.active, contribution_range_id: ranges.full, ...values,
    });
  };
  const full = await registration();
  const receivables = await setUpReceivables(server.model, api, {
    registration: async () => ({ id: full.id, party_id: Number(full.party_id), contribution_range_id: ranges.full, category_id: categories.engineer }),
  });
  await server.db.updateTable('debt_types').set({ proportionality_percent: true }).where('id', '=', receivables.ids.annuity).execute();
  const value = (contribution_range_id: number, amount: string, category_id: number | null = null) =>
    created(api, '/api/valores_contribuicao', { debt_type_id: receivables.ids.annuity, year: 2027, contribution_range_id, category_id, amount, due_date: '2027-03-31' });
  await value(ranges.full, '680.00');
  await value(ranges.reduced, '340.00');
  await value(ranges.full, '408.00', technician);
  const by = {
    full,
    reduced: await registration({ contribution_range_id: ranges.reduced }),
    exempt: await registration({ category_id: technician, contribution_range_id: ranges.exempt }),
    technician: await registration({ category_id: technician }),
    review: await registration({ situation_id: situations.review }),
    suspended: await registration({ situation_id: situations.suspended }),
    cancelled: await registration(),
    proportional: await registration(),
  };
  await server.db.updateTable('registrations').set({ status: 2 }).where('id', '=', by.cancelled.id).execute();
  await startsOn(server.db, by.proportional.id, '2027-05-10');
  return { receivables, registrations, technician, by, registration };
}

/** Dates the registration's current situation (and its history's entry) on `date`. */
export async function startsOn(db: Kysely<any>, registrationId: number, date: string): Promise<void> {
  await db.updateTable('registrations').set({ situation_date: date }).where('id', '=', registrationId).execute();
  await db.updateTable('registration_situations').set({ situation_date: date }).where('registration_id', '=', registrationId).execute();
}

/** The annuities of a year, by registration: number, principal, origin, custom fields and history notes. */
export async function annuities(db: Kysely<any>, year: number): Promise<Map<number, Row>> {
  const accounts = await db.selectFrom('control_accounts').selectAll().where('exercise', '=', year).where('registration_id', 'is not', null).orderBy('id').execute();
  const map = new Map<number, Row>();
  for (const account of accounts) {
    const fields = await db.selectFrom('control_account_custom_fields').select(['name', 'value']).where('control_account_id', '=', account.id).orderBy('id').execute();
    const history = await db.selectFrom('control_account_balance_histories').select(['date', 'balance', 'notes']).where('control_account_id', '=', account.id).orderBy('id').execute();
    if (map.has(Number(account.registration_id))) throw new Error(`registration ${account.registration_id} billed twice in ${year}`);
    map.set(Number(account.registration_id), { ...account, fields: Object.fromEntries(fields.map((f: Row) => [f.name, f.value])), history: history.map((h: Row) => [String(h.date).slice(0, 10), h.balance, h.notes]) });
  }
  return map;
}

/** Waits for a commit to end (done or failed) and answers it. */
export async function finished(api: Api, id: number): Promise<Row> {
  let run: Row = {};
  await expect.poll(async () => {
    run = (await api('GET', `/api/control_account/geracao/${id}`)).body.data;
    return run.state;
  }, { timeout: 60_000, interval: 50 }).toMatch(/^(done|failed)$/);
  return run;
}

/**
 * Runs `work` (a server's start: the generation's job reads its interval and stale time as the feature
 * registers) with variables set, then puts them back, so no other file of the worker sees them.
 */
export async function withEnv<T>(vars: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  Object.assign(process.env, vars);
  try {
    return await work();
  } finally {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}
