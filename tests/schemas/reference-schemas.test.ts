import { existsSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { checkAgainstMetaSchema, loadModel, loadSchemaFiles, normalise, type Field } from '../../language/index.js';

const model = loadModel('.');

/** The reference-table modules of spec 001 §3 (and the sequences they point at), with their permission. */
const MODULES: Record<string, string> = {
  estados_civis: 'civilStatus', uf: 'state', municipios: 'city', mesoregioes: 'mesoregion',
  tipos_endereco: 'addressType', restricoes_endereco: 'addressRestriction',
  situacoes_conclusao_cursos: 'courseCompletionSituation', tipos_vinculos_empregaticios: 'employmentRelationshipType',
  regioes: 'region', regimes_trabalho: 'workRegime', generos: 'genre', operadoras_telefone: 'telephoneCompany',
  atribuicoes_tecnicas: 'technicalAssignment', niveis_curso: 'courseLevel', categoria_natureza_juridica: 'legalNatureCategory',
  naturezas_juridicas: 'legalNature', atividades_economicas: 'economicActivity', areas_atuacao: 'expertiseArea',
  outros_locais_registro_diploma: 'otherSiteDiplomaRegistration', sequencias: 'sequence',
};

const SIMPLE_LOOKUPS = [
  'estados_civis', 'tipos_endereco', 'restricoes_endereco', 'situacoes_conclusao_cursos', 'tipos_vinculos_empregaticios',
  'regioes', 'regimes_trabalho', 'generos', 'operadoras_telefone', 'atribuicoes_tecnicas', 'niveis_curso',
];

const entity = (module: string) => model.byModule.get(module)!;
const ajv = new Ajv2020({ strict: false, allErrors: true });
const accepts = (module: string, body: Record<string, unknown>) => ajv.validate(entity(module).rules.create, body);

describe('reference table schemas', () => {
  it('every schema file follows the schema language and normalises', () => {
    const files = loadSchemaFiles('.');
    expect(files.length).toBeGreaterThanOrEqual(Object.keys(MODULES).length);
    for (const file of files) expect(() => checkAgainstMetaSchema(file), file.path).not.toThrow();
    expect(normalise(files).entities).toHaveLength(files.length);
  });

  it('every reference module exists with its English permission and a snake_case plural table', () => {
    for (const [module, permission] of Object.entries(MODULES)) {
      expect(model.byModule.has(module), module).toBe(true);
      expect(entity(module).permission).toBe(permission);
      expect(entity(module).table).toMatch(/^[a-z_]+s$/);
    }
    expect(entity('sequencias').area).toBe('sistema');
  });

  it('simple lookups have a required, unique denomination of at most 255 characters and can be inactivated', () => {
    for (const module of SIMPLE_LOOKUPS) {
      const denomination = entity(module).fields.find((f) => f.name === 'denomination')!;
      expect([denomination.required, denomination.maxLength, denomination.unique, entity(module).inactivatable], module).toEqual([true, 255, true, true]);
    }
  });

  it('of the reference tables, only course levels and employment relationship types need admin to insert', () => {
    const adminOnly = Object.keys(MODULES).filter((module) => entity(module).insertPermission === 'admin').sort();
    expect(adminOnly).toEqual(['niveis_curso', 'tipos_vinculos_empregaticios']);
  });

  it('every reference field points at an existing module and its table', () => {
    const referenceFields = (fields: Field[]): Field[] =>
      fields.flatMap((f) => [...(f.reference ? [f] : []), ...(f.sublist ? referenceFields(f.sublist.fields) : [])]);
    for (const e of model.entities) {
      for (const field of referenceFields(e.fields)) {
        const target = model.byModule.get(field.reference!.module);
        expect(target, `${e.module}.${field.name}`).toBeDefined();
        expect(field.reference!.table).toBe(target!.table);
      }
    }
    const areas = entity('areas_atuacao').fields.find((f) => f.name === 'technical_assignments')!;
    expect([areas.kind, areas.join?.table]).toEqual(['references', 'expertise_areas_technical_assignments']);
  });

  it('labels are pt-BR with their accents and icons exist in @mui/icons-material', () => {
    expect(entity('tipos_endereco').label).toEqual({ singular: 'Tipo de endereço', plural: 'Tipos de endereço', gender: 'm' });
    expect(entity('naturezas_juridicas').label.plural).toBe('Naturezas jurídicas');
    expect(entity('atividades_economicas').label.singular).toBe('Atividade econômica');
    for (const e of model.entities) {
      expect(existsSync(`node_modules/@mui/icons-material/${e.icon}.js`), `${e.module}: ${e.icon}`).toBe(true);
    }
  });

  it('legal natures take a code like 206-2, a denomination up to 100 characters and a category', () => {
    expect(accepts('naturezas_juridicas', { code: '206-2', denomination: 'Sociedade Empresária Limitada', legal_nature_category_id: 2 })).toBe(true);
    expect(accepts('naturezas_juridicas', { code: '2062', denomination: 'Sociedade Empresária Limitada', legal_nature_category_id: 2 })).toBe(false);
    expect(accepts('naturezas_juridicas', { code: '206-2', denomination: 'x'.repeat(101), legal_nature_category_id: 2 })).toBe(false);
    expect(accepts('naturezas_juridicas', { code: '206-2', denomination: 'Sociedade Empresária Limitada' })).toBe(false);
    expect(entity('naturezas_juridicas').comboLabel).toEqual(['code', 'denomination']);
  });

  it('economic activities need every code and denomination; sequences need their numbers', () => {
    const activity = {
      cnae_code: '6201501', section_code: 'J', section_denomination: 'INFORMAÇÃO E COMUNICAÇÃO', division_code: '62',
      division_denomination: 'ATIVIDADES DOS SERVIÇOS DE TECNOLOGIA DA INFORMAÇÃO', group_code: '62.0', group_denomination: 'GRUPO 62.0',
      class_code: '62.01-5', class_denomination: 'CLASSE 62.01-5', subclass_code: '6201-5/01',
      subclass_denomination: 'DESENVOLVIMENTO DE PROGRAMAS DE COMPUTADOR SOB ENCOMENDA',
    };
    expect(accepts('atividades_economicas', activity)).toBe(true);
    expect(accepts('atividades_economicas', { ...activity, group_denomination: undefined })).toBe(false);
    expect(accepts('atividades_economicas', { ...activity, cnae_code: '6201-5/01' })).toBe(false);
    const sequence = { name: 'Inscrição', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false };
    expect(accepts('sequencias', sequence)).toBe(true);
    expect(accepts('sequencias', { ...sequence, increment: 'um' })).toBe(false);
    expect(accepts('outros_locais_registro_diploma', { place: 'Ministério da Educação (MEC)' })).toBe(false);
  });
});
