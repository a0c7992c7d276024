import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { PARTY_TYPE_CODES } from '../../../shared/party-types.js';
import { idsBy, insertMissing } from './insert.js';

const ASSIGNMENTS = ['Projeto', 'Execução de obra ou serviço', 'Fiscalização de obra ou serviço', 'Consultoria', 'Laudo técnico'];

/** Expertise areas and the technical assignments each one covers (the many-to-many field). */
const AREAS: Record<string, string[]> = {
  'Engenharia Civil': ['Projeto', 'Execução de obra ou serviço', 'Fiscalização de obra ou serviço'],
  'Engenharia Elétrica': ['Projeto', 'Laudo técnico'],
  Agronomia: ['Consultoria', 'Laudo técnico'],
};

const MESOREGIONS: [name: string, uf: string][] = [
  ['Metropolitana de São Paulo', 'SP'],
  ['Metropolitana de Belo Horizonte', 'MG'],
];

/** A small set of records that shows the features: references, many-to-many, sequences with book, inactivation. */
export async function seedDemo(db: Kysely<SpaceDatabase>): Promise<Record<string, number>> {
  const report: Record<string, number> = {};
  report.technical_assignments = await insertMissing(db, 'technical_assignments', ASSIGNMENTS.map((denomination) => ({ denomination })));
  report.expertise_areas = await insertMissing(db, 'expertise_areas', Object.keys(AREAS).map((denomination) => ({ denomination })));
  report.expertise_areas_technical_assignments = await linkAreas(db);
  report.sequences = await insertMissing(db, 'sequences', [
    { name: 'Número de inscrição', number: 0, start: 1, increment: 1, formatting: '{numero:6}', annual_restart: false, auto_numbering: true, has_book: false },
    {
      name: 'Registro de diploma', number: 0, start: 1, increment: 1, formatting: '{numero:5}/{ano}', annual_restart: true,
      auto_numbering: true, has_book: true, number_book: 1, start_book: 1, increment_book: 1,
      number_leaf: 1, start_leaf: 1, end_leaf: 100, increment_leaf: 1, number_order: 1, start_order: 1, end_order: 100, increment_order: 1,
    },
  ]);
  const sequenceIds = await idsBy(db, 'sequences', 'name');
  report.other_site_diploma_registrations = await insertMissing(db, 'other_site_diploma_registrations', [
    { place: 'Ministério da Educação (MEC)', sequence_id: sequenceIds.get('Registro de diploma') },
    { place: 'Secretaria da Educação do Estado de São Paulo', sequence_id: sequenceIds.get('Registro de diploma') },
  ]);
  // Nextel was absorbed by Claro: an inactivated record, as the lists show them.
  report.telephone_companies = await insertMissing(db, 'telephone_companies', [
    { denomination: 'Nextel', inactivated: true, inactivated_at: sql`now()` },
  ]);
  report.mesoregions = await seedMesoregions(db);
  report.legal_entities = await seedEmployers(db);
  report.departments = await seedDepartments(db);
  report.control_accounts = await seedControlAccounts(db);
  return report;
}

/** Companies people work for, with the sectors a work relation chooses from. */
const EMPLOYERS = [
  { name: 'Construtora Horizonte Ltda', short_name: 'Horizonte', cnpj: '11.222.333/0001-81', nature: '206-2', activity: '4120400', sectors: ['Engenharia', 'Administração'] },
  { name: 'Hospital Santa Clara S.A.', short_name: 'Santa Clara', cnpj: '45.723.174/0001-10', nature: '205-4', activity: '8610101', sectors: ['Enfermagem', 'Administração'] },
];

/** The council's departments: the presidency at the root, the others under it. */
const DEPARTMENTS: [name: string, acronym: string][] = [
  ['Departamento de Registro', 'DRE'],
  ['Departamento de Fiscalização', 'DFI'],
];

async function seedEmployers(db: Kysely<SpaceDatabase>): Promise<number> {
  const type = await db.selectFrom('party_types').select('id').where('code', '=', PARTY_TYPE_CODES.legalEntity).executeTakeFirst();
  const nationality = await db.selectFrom('nationalities').select('id').where('denomination', '=', 'Brasileira').executeTakeFirst();
  if (!type || !nationality) return 0;
  await insertMissing(db, 'sectors', [...new Set(EMPLOYERS.flatMap((employer) => employer.sectors))].map((denomination) => ({ denomination })));
  const sectorIds = await idsBy(db, 'sectors', 'denomination');
  const natureIds = await idsBy(db, 'legal_natures', 'code');
  const activityIds = await idsBy(db, 'economic_activities', 'cnae_code');
  const known = new Set((await db.selectFrom('legal_entities').select('cnpj').execute()).map((row) => row.cnpj));
  let added = 0;
  for (const employer of EMPLOYERS.filter((one) => !known.has(one.cnpj))) {
    const { id } = await db
      .insertInto('legal_entities')
      .values({
        name: employer.name, short_name: employer.short_name, cnpj: employer.cnpj, party_type_id: type.id, nationality_id: nationality.id,
        legal_nature_id: natureIds.get(employer.nature)!, economic_activity_id: activityIds.get(employer.activity)!, social_capital: '500000.00',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('legal_entity_sectors').values(employer.sectors.map((sector) => ({ legal_entity_id: id, sector_id: sectorIds.get(sector)! }))).execute();
    added += 1;
  }
  return added;
}

async function seedDepartments(db: Kysely<SpaceDatabase>): Promise<number> {
  let added = await insertMissing(db, 'departments', [{ name: 'Presidência', acronym: 'PRES' }]);
  const root = await db.selectFrom('departments').select('id').where('acronym', '=', 'PRES').executeTakeFirst();
  if (root) added += await insertMissing(db, 'departments', DEPARTMENTS.map(([name, acronym]) => ({ name, acronym, department_id: root.id })));
  return added;
}

async function linkAreas(db: Kysely<SpaceDatabase>): Promise<number> {
  const areaIds = await idsBy(db, 'expertise_areas', 'denomination');
  const assignmentIds = await idsBy(db, 'technical_assignments', 'denomination');
  const existing = await db.selectFrom('expertise_areas_technical_assignments').select(['expertise_area_id', 'technical_assignment_id']).execute();
  const seen = new Set(existing.map((row) => `${row.expertise_area_id}:${row.technical_assignment_id}`));
  const rows = Object.entries(AREAS).flatMap(([area, assignments]) =>
    assignments.map((assignment) => ({ expertise_area_id: areaIds.get(area), technical_assignment_id: assignmentIds.get(assignment) })),
  );
  const missing = rows.filter((row) => !seen.has(`${row.expertise_area_id}:${row.technical_assignment_id}`));
  return missing.length ? insertMissing(db, 'expertise_areas_technical_assignments', missing) : 0;
}

/** Mesoregions have no natural key of their own: a name is added to a UF only once. */
async function seedMesoregions(db: Kysely<SpaceDatabase>): Promise<number> {
  const stateIds = await idsBy(db, 'states', 'initials');
  const existing = await db.selectFrom('mesoregions').select(['name', 'uf_id']).execute();
  const seen = new Set(existing.map((row) => `${row.name}:${row.uf_id}`));
  const missing = MESOREGIONS.map(([name, uf]) => ({ name, uf_id: stateIds.get(uf) })).filter((row) => !seen.has(`${row.name}:${row.uf_id}`));
  return missing.length ? insertMissing(db, 'mesoregions', missing) : 0;
}

/**
 * Control accounts as the billing will open them (numbered by a debt type's sequence): two annuities
 * and an agreement that gathered them, with custom fields and a history of balances, so the
 * read-only list and view have something to show before any billing exists (docs/FINANCE.md).
 */
export async function seedControlAccounts(db: Kysely<SpaceDatabase>): Promise<number> {
  const inserted = await insertMissing(db, 'control_accounts', [
    { formatted_number: 'ACO-000001/2026' },
    { formatted_number: 'ANU-000001/2025' },
    { formatted_number: 'ANU-000002/2026' },
  ]);
  if (inserted === 0) return 0;
  const ids = await idsBy(db, 'control_accounts', 'formatted_number');
  const agreement = ids.get('ACO-000001/2026')!;
  await db.updateTable('control_accounts').set({ related_control_account_id: agreement }).where('formatted_number', 'in', ['ANU-000001/2025', 'ANU-000002/2026']).execute();
  const annuities: [string, string, string][] = [['ANU-000001/2025', '2025', '650.00'], ['ANU-000002/2026', '2026', '690.00']];
  await db.insertInto('control_account_custom_fields').values([
    ...annuities.map(([number, year]) => ({ control_account_id: ids.get(number)!, name: 'Exercício', value: year })),
    { control_account_id: agreement, name: 'Parcelas', value: '6' },
  ]).execute();
  await db.insertInto('control_account_balance_histories').values([
    ...annuities.flatMap(([number, year, amount]) => [
      { control_account_id: ids.get(number)!, date: `${year}-01-31`, balance: amount, notes: 'Lançamento da anuidade' },
      { control_account_id: ids.get(number)!, date: '2026-03-10', balance: '0.00', notes: 'Incluída no acordo ACO-000001/2026' },
    ]),
    { control_account_id: agreement, date: '2026-03-10', balance: '1386.40', notes: 'Acordo em 6 parcelas' },
    { control_account_id: agreement, date: '2026-04-10', balance: '1155.33', notes: 'Parcela 1 paga' },
  ]).execute();
  return inserted;
}
