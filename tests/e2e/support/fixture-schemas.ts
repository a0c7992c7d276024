import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');
const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

/** The module of the fixture's party types: the product has its own `tipos_parte`. */
export const FIXTURE_PARTY_KINDS = 'tipos_de_parte';

/** The exact-combos fixture's party types, under a module and table of their own. */
function partyKindsSchema() {
  const kinds = read('tests/generator/fixtures/exact-combos/schemas/tabelas/tipos_parte.schema.json');
  return { ...kinds, $id: FIXTURE_PARTY_KINDS, 'x-table': 'fixture_party_kinds', 'x-permission': 'fixturePartyKind' };
}

/** The exact-combos fixture's exchange rate, pointing at the fixture's party types and the product's CNAE subclasses (1,332 rows, typed ahead). */
function exchangeRateSchema() {
  const rate = read('tests/generator/fixtures/exact-combos/schemas/financeiro/cotacoes_moedas.schema.json');
  delete rate.properties.city_id;
  rate.properties.party_type_id['x-reference'].module = FIXTURE_PARTY_KINDS;
  rate.properties.activity_id = { type: 'integer', 'x-label': 'Atividade econômica', 'x-reference': { module: 'atividades_economicas' } };
  return rate;
}

/**
 * Every schema file the browser tests add to the product, by its path under `schemas/`: one copy
 * of the product holds them all (fixture-project.ts), generated and built once for the run.
 * - `laudos`: file fields (tests/files/files.browser.test.ts);
 * - `tipos_de_parte` and the exchange rate in place of the product's: exact decimals, a named combo,
 *   a type-ahead reference (tests/e2e/decimals-combos.browser.test.ts);
 * - `profissionais` and `especialidades`: tabs and a nested sub-list (tests/e2e/form-structure.test.ts);
 * - `credenciamentos`: the whole schema language (tests/e2e/schema-language.browser.test.ts);
 * - `sedes`: postal codes that fill an address (tests/postal-code/address.browser.test.ts);
 * - `processos`: a record's documents (tests/documents/documents.browser.test.ts).
 */
export function fixtureSchemas(): Record<string, unknown> {
  return {
    'cadastro/laudos.schema.json': read('tests/api/fixtures/schemas/cadastro/laudos.schema.json'),
    [`tabelas/${FIXTURE_PARTY_KINDS}.schema.json`]: partyKindsSchema(),
    'financeiro/cotacoes_moedas.schema.json': exchangeRateSchema(),
    'cadastro/profissionais.schema.json': read('tests/api/fixtures/schemas/cadastro/profissionais.schema.json'),
    'tabelas/especialidades.schema.json': read('tests/api/fixtures/schemas/tabelas/especialidades.schema.json'),
    'cadastro/credenciamentos.schema.json': read('tests/e2e/fixtures/credenciamentos.schema.json'),
    'cadastro/sedes.schema.json': read('tests/generator/fixtures/postal-code/schemas/cadastro/sedes.schema.json'),
    'cadastro/processos.schema.json': read('tests/documents/fixtures/cadastro/processos.schema.json'),
  };
}
