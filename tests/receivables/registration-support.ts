/**
 * Registrations with their 2026 annuity, for the rules a registration's save sets off (docs/RECEIVABLES.md
 * §5): the registration set-up of tests/certificates/support.ts (situations, ranges 'Integral' and
 * 'Reduzida'), the receivables' settings (tests/receivables/api-support.ts) with the annuity
 * proportional (M, day 15), people made on demand, and a save of a registration as its form sends it.
 */
import { expect } from 'vitest';
import { seedReferenceData } from '../../src/server/core/seed/index.js';
import { call, type TestServer } from '../api/support/server.js';
import { certifiedRegistration, type CertifiedRegistration } from '../certificates/support.js';
import { cpfs } from '../imports/support.js';
import { created, setUpReceivables, type Api, type SetUp } from './api-support.js';

type Row = Record<string, any>;

export interface ChargedRegistrations {
  api: Api;
  subject: CertifiedRegistration;
  receivables: SetUp;
  /** A person's registration in the active situation and range 'Integral' since 10/01/2026, with its 2026 annuity of 650,00 posted on 31/01/2026. */
  registered(): Promise<{ registration: Row; annuity: Row; party: number }>;
  /** Saves the registration with `changes`, as its form would. */
  save(registration: Row, changes: Row): Promise<{ status: number; body: any }>;
}

export async function chargedRegistrations(server: TestServer): Promise<ChargedRegistrations> {
  await seedReferenceData(server.db);
  const api = call(server, server.adminToken);
  const option = async (module: string, label: string, combo?: string) => {
    const answer = await api('GET', `/api/${module}/combos?${new URLSearchParams({ filter: label, ...(combo ? { combo } : {}) })}`);
    return (answer.body.data as { id: number; name: string }[]).find((o) => o.name === label)!.id;
  };
  const subject = await certifiedRegistration((url, body, method = 'POST') => (method === 'POST' ? created(api, url, body) : api('PUT', url, body).then((answer) => answer.body.data)), option);
  const first = subject.registration;
  const receivables = await setUpReceivables(server.model, api, {
    registration: async () => ({ id: first.id, party_id: Number(first.party_id), contribution_range_id: Number(first.contribution_range_id), category_id: Number(first.category_id) }),
  });
  await server.db.updateTable('debt_types').set({ proportionality_percent: true }).where('id', '=', receivables.ids.annuity).execute();
  const people = cpfs(20);
  const person = {
    party_type_id: await option('tipos_parte', 'Pessoa Física', 'pessoa_fisica'), genre_id: await option('generos', 'Feminino'), civil_status_id: await option('estados_civis', 'Solteiro(a)'),
    naturalness_id: await option('municipios', 'Aracaju'), nationality_id: await option('nacionalidades', 'Brasileira'),
  };
  const registered = async () => {
    const made = await created(api, '/api/pessoa_fisica', { name: `Pessoa ${people.length}`, short_name: 'Pessoa', date_birth: '1985-03-14', individual_registration: people.pop(), ...person });
    const { setUp } = subject;
    const registration = await created(api, '/api/inscricao', {
      person_type: 1, party_id: made.party_id, category_id: setUp.categories.engineer, registration_type_id: setUp.type, registration_phase_id: setUp.phases.definitive,
      situation_id: setUp.situations.active, contribution_range_id: setUp.ranges.full, situation_date: '2026-01-10', contribution_range_date: '2026-01-10',
    });
    const annuity = await created(api, '/api/control_account/lancamento', { party_id: made.party_id, registration_id: registration.id, debt_type_id: receivables.ids.annuity, exercise: 2026, posting_date: '2026-01-31' });
    expect([annuity.principal, annuity.status]).toEqual(['650.00', 1]);
    return { registration, annuity, party: Number(made.party_id) };
  };
  const save = async (registration: Row, changes: Row) => {
    const { data } = (await api('GET', `/api/inscricao/${registration.id}`)).body;
    const { id: _id, created_at: _c, updated_at: _u, registration_expiration_date: _e, sequence_auto: _s, ...form } = data;
    return api('PUT', `/api/inscricao/${registration.id}`, { ...form, ...changes });
  };
  return { api, subject, receivables, registered, save };
}
