import { sql, type Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { seedDemoData, seedReferenceData } from '../../src/server/core/seed/index.js';
import { movableDays } from '../../src/server/core/seed/easter.js';
import { holidayYears } from '../../src/server/core/seed/holidays.js';
import { describeOnDatabases } from '../support/databases.js';

const count = async (db: Kysely<any>, table: string) =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describeOnDatabases('reference data seed', (getDb, kind) => {
  beforeAll(async () => {
    const started = performance.now();
    await seedReferenceData(getDb());
    console.log(`Reference data seeded on ${kind} in ${Math.round(performance.now() - started)} ms`);
  }, 120_000);

  it('holds the 27 UFs, 5,571 municipalities, 1,332 CNAE subclasses, 92 legal natures and 5 categories', async () => {
    const db = getDb();
    expect(await count(db, 'states')).toBe(27);
    expect(await count(db, 'cities')).toBe(5571);
    expect(await count(db, 'economic_activities')).toBe(1332);
    expect(await count(db, 'legal_natures')).toBe(92);
    expect(await count(db, 'legal_nature_categories')).toBe(5);
  });

  it('adds nothing when run again', async () => {
    const db = getDb();
    const tables = ['states', 'cities', 'economic_activities', 'legal_natures', 'legal_nature_categories', 'civil_statuses', 'genres', 'regions'];
    const before = await Promise.all(tables.map((t) => count(db, t)));
    const started = performance.now();
    const report = await seedReferenceData(db);
    console.log(`Second run on ${kind} in ${Math.round(performance.now() - started)} ms`);
    expect(Object.values(report).every((n) => n === 0)).toBe(true);
    expect(await Promise.all(tables.map((t) => count(db, t)))).toEqual(before);
  });

  it('places the São Paulo municipality in SP and Brasília in DF', async () => {
    const rows = await getDb()
      .selectFrom('cities').innerJoin('states', 'states.id', 'cities.uf_id')
      .select(['cities.name', 'cities.ibge_code', 'states.initials'])
      .where('cities.name', 'in', ['São Paulo', 'Brasília']).orderBy('cities.name').execute();
    expect(rows).toEqual([
      { name: 'Brasília', ibge_code: 5300108, initials: 'DF' },
      { name: 'São Paulo', ibge_code: 3550308, initials: 'SP' },
    ]);
    const sp = await getDb().selectFrom('states').selectAll().where('initials', '=', 'SP').executeTakeFirstOrThrow();
    expect([sp.name, sp.ibge_code]).toEqual(['São Paulo', 35]);
  });

  it('files CNAE 6201-5/01 under section J, Informação e Comunicação', async () => {
    const row = await getDb().selectFrom('economic_activities').selectAll().where('subclass_code', '=', '6201-5/01').executeTakeFirstOrThrow();
    expect(row.cnae_code).toBe('6201501');
    expect(row.section_code).toBe('J');
    expect(row.section_denomination.toLowerCase()).toBe('informação e comunicação');
    expect([row.division_code, row.group_code, row.class_code]).toEqual(['62', '62.0', '62.01-5']);
    expect(row.division_denomination).toBe('ATIVIDADES DOS SERVIÇOS DE TECNOLOGIA DA INFORMAÇÃO');
    expect(row.subclass_denomination).toBe('DESENVOLVIMENTO DE PROGRAMAS DE COMPUTADOR SOB ENCOMENDA');
    const soy = await getDb().selectFrom('economic_activities').selectAll().where('cnae_code', '=', '0115600').executeTakeFirstOrThrow();
    expect([soy.section_code, soy.class_code, soy.class_denomination]).toEqual(['A', '01.15-6', 'CULTIVO DE SOJA']);
  });

  it('puts legal nature 206-2 Sociedade Empresária Limitada in category 2', async () => {
    const row = await getDb()
      .selectFrom('legal_natures').innerJoin('legal_nature_categories as c', 'c.id', 'legal_natures.legal_nature_category_id')
      .select(['legal_natures.denomination', 'c.code', 'c.denomination as category'])
      .where('legal_natures.code', '=', '206-2').executeTakeFirstOrThrow();
    expect(row).toEqual({ denomination: 'Sociedade Empresária Limitada', code: '2', category: 'Entidades Empresariais' });
    const perCategory = await getDb().selectFrom('legal_natures').innerJoin('legal_nature_categories as c', 'c.id', 'legal_natures.legal_nature_category_id')
      .select(['c.code', (eb) => eb.fn.countAll().as('n')]).groupBy('c.code').orderBy('c.code').execute();
    expect(perCategory.map((r) => [r.code, Number(r.n)])).toEqual([['1', 32], ['2', 30], ['3', 21], ['4', 6], ['5', 3]]);
  });

  it('fills the small lookups with the standard pt-BR values, all active', async () => {
    const names = async (table: string) => (await getDb().selectFrom(table).select('denomination').orderBy('id').execute()).map((r) => r.denomination);
    expect(await names('civil_statuses')).toEqual(['Solteiro(a)', 'Casado(a)', 'Divorciado(a)', 'Viúvo(a)', 'Separado(a) judicialmente', 'União estável']);
    expect(await names('regions')).toEqual(['Norte', 'Nordeste', 'Centro-Oeste', 'Sudeste', 'Sul']);
    expect(await names('course_levels')).toContain('Mestrado');
    const inactive = await sql<{ n: string }>`select count(*) as n from genres where inactivated`.execute(getDb());
    expect(Number(inactive.rows[0].n)).toBe(0);
  });

  it('adds the demo records once, with the many-to-many links and the book sequence', async () => {
    const db = getDb();
    await seedDemoData(db);
    const second = await seedDemoData(db);
    expect(Object.values(second).every((n) => n === 0)).toBe(true);
    const links = await db.selectFrom('expertise_areas_technical_assignments as l')
      .innerJoin('expertise_areas as a', 'a.id', 'l.expertise_area_id')
      .innerJoin('technical_assignments as t', 't.id', 'l.technical_assignment_id')
      .select('t.denomination').where('a.denomination', '=', 'Engenharia Civil').orderBy('t.denomination').execute();
    expect(links.map((l) => l.denomination)).toEqual(['Execução de obra ou serviço', 'Fiscalização de obra ou serviço', 'Projeto']);
    const place = await db.selectFrom('other_site_diploma_registrations as o').innerJoin('sequences as s', 's.id', 'o.sequence_id')
      .select(['s.name', 's.has_book', 's.end_leaf']).where('o.place', '=', 'Ministério da Educação (MEC)').executeTakeFirstOrThrow();
    expect(place).toEqual({ name: 'Registro de diploma', has_book: true, end_leaf: 100 });
    const nextel = await db.selectFrom('telephone_companies').selectAll().where('denomination', '=', 'Nextel').executeTakeFirstOrThrow();
    expect(nextel.inactivated).toBe(true);
    expect(nextel.inactivated_at).not.toBeNull();
  });

  it('seeds the national holidays of the current and next year once, never doubled when their record is lost', async () => {
    const db = getDb();
    const years = holidayYears();
    const movable = await db.selectFrom('holidays').select('date').where('name', '=', 'Paixão de Cristo (Sexta-feira Santa)').orderBy('date').execute();
    expect(movable.map((row) => String(row.date).slice(0, 10))).toEqual(years.map((year) => movableDays(year).goodFriday));
    expect(await count(db, 'holidays')).toBe(9 + 4 * years.length);
    await db.deleteFrom('reference_seeds').where('digest', 'like', 'holidays:%').execute();
    expect((await seedReferenceData(db)).holidays).toBe(0);
    expect(await count(db, 'holidays')).toBe(9 + 4 * years.length);
  });

  it('does not bring back a row a council removed, until a new edition of the data is installed', async () => {
    const db = getDb();
    const removed = await db.deleteFrom('civil_statuses').where('denomination', '=', 'Separado(a) judicialmente').executeTakeFirst();
    expect(Number(removed.numDeletedRows)).toBe(1);
    await seedReferenceData(db);
    expect(await db.selectFrom('civil_statuses').select('id').where('denomination', '=', 'Separado(a) judicialmente').execute()).toEqual([]);
    // Another edition (here: the record of this one gone) adds what is missing, and only that.
    await db.deleteFrom('reference_seeds').where('digest', 'not like', 'holidays:%').execute();
    expect(await seedReferenceData(db)).toMatchObject({ civil_statuses: 1, cities: 0, economic_activities: 0, holidays: 0 });
    expect(await count(db, 'reference_seeds')).toBe(4);
  });
});
