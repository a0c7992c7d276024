/** What the generator makes of a choices field (several values of a fixed list): model, body rule, column, types, screens. */
import { describe, expect, it } from 'vitest';
import { emitMigrations } from '../../generator/emit/migrations.js';
import { checkAgainstMetaSchema, loadModel, normalise, type ChoicesField, type SchemaFile } from '../../language/index.js';
import { emitFixture, fixtureRoot } from './support.js';

const model = loadModel(fixtureRoot('choices'));
const entity = model.byModule.get('modelos_documento')!;
const field = (name: string) => entity.fields.find((f) => f.name === name) as ChoicesField;

/** One schema file holding `properties`, normalised (the meta-schema checked first). */
function normalised(properties: Record<string, unknown>, list: Record<string, unknown> = {}) {
  const file: SchemaFile = {
    path: 'schemas/tabelas/cores.schema.json', area: 'tabelas', module: 'cores',
    json: {
      $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'cores', title: 'Cor', type: 'object',
      'x-label': { singular: 'Cor', plural: 'Cores', gender: 'f' }, 'x-permission': 'color', 'x-table': 'colors', 'x-record-label': 'name',
      'x-list': { columns: ['id', 'name'], search: [], sort: 'name', ...list },
      properties: { name: { type: 'string', 'x-label': 'Nome' }, ...properties },
    },
  } as SchemaFile;
  checkAgainstMetaSchema(file);
  return normalise([file]).byModule.get('cores')!;
}

describe('choices fields', () => {
  it('infers the kind from an array whose items have an enum, labels defaulting to the values', () => {
    const colors = normalised({ tones: { type: 'array', items: { enum: [3, 1, 2] }, 'x-label': 'Tons' } });
    const tones = colors.fields.find((f) => f.name === 'tones')!;
    expect(tones.kind).toBe('choices');
    expect(tones.enumOptions).toEqual([{ value: 3, label: '3' }, { value: 1, label: '1' }, { value: 2, label: '2' }]);
    expect(tones.column).toBe('tones');
    expect(tones.nullable).toBe(false);
    expect(colors.rules.create.properties).toMatchObject({ tones: { type: 'array', items: { type: 'integer', enum: [3, 1, 2] } } });
  });

  it('keeps a default in the list\'s order and takes "x-kind": "choices" as the inferred kind', () => {
    const colors = normalised({ formats: { type: 'array', 'x-kind': 'choices', items: { type: 'string', enum: ['pdf', 'jpg', 'png'] }, default: ['png', 'pdf'], 'x-label': 'Formatos' } });
    expect(colors.fields.find((f) => f.name === 'formats')!.default).toEqual(['pdf', 'png']);
  });

  it('stops on items that list no values, a limit no selection meets, a default off the list, a unique list', () => {
    const formats = (extra: Record<string, unknown>) => ({ formats: { type: 'array', items: { type: 'string', enum: ['pdf', 'jpg'] }, 'x-label': 'Formatos', ...extra } });
    expect(() => normalised({ formats: { type: 'array', 'x-kind': 'choices', items: { type: 'string' }, 'x-label': 'Formatos' } })).toThrow(/must list the values to choose from/);
    expect(() => normalised(formats({ items: { type: 'string', enum: ['pdf'], 'x-enum-labels': ['PDF'] } }))).toThrow(/the items of a choices field have only "type" and "enum"/);
    expect(() => normalised(formats({ items: { type: 'string', enum: ['pdf', 'pdf'] } }))).toThrow(/repeats the value "pdf"/);
    expect(() => normalised(formats({ items: { type: 'boolean', enum: [true] } }))).toThrow(/texts \("string"\) or whole numbers \("integer"\)/);
    expect(() => normalised(formats({ minItems: 3, maxItems: 2 }))).toThrow(/at least 3 values but "maxItems" allows at most 2/);
    expect(() => normalised(formats({ minItems: 3, uniqueItems: true }))).toThrow(/at least 3 different values, but the list has 2/);
    expect(() => normalised(formats({ default: ['exe'] }))).toThrow(/must be a list of values of "items.enum"/);
    expect(() => normalised(formats({ 'x-unique': true }))).toThrow(/cannot make a field of several values \(kind choices\) unique/);
    expect(() => normalised(formats({}), { search: ['formats'] })).toThrow(/cannot be searched as text \(kind choices\)/);
    expect(() => normalised({ ...formats({}), code: { type: 'integer', 'x-label': 'Código', uniqueItems: true } })).toThrow(/applies only to a field of kind "choices"/);
  });

  it('writes the body rule: values of the list, repeats refused where declared, required as one at least, limits once given', () => {
    const rules = entity.rules.create as { properties: Record<string, unknown> };
    expect(rules.properties.accepted_extensions).toMatchObject({ type: 'array', 'x-kind': 'choices', items: { type: 'string' }, uniqueItems: true, minItems: 1 });
    expect(rules.properties.review_days).toEqual({
      title: 'Dias de revisão', 'x-kind': 'choices', type: 'array', items: { type: 'integer', enum: [1, 2, 3, 4, 5, 6, 7] },
      if: { minItems: 1 }, then: { minItems: 2 }, maxItems: 3,
    });
    expect(field('review_days').choices).toEqual({ uniqueItems: false, minItems: 2, maxItems: 3 });
  });

  it('keeps the list in one jsonb column holding [] for no value, with a GIN index where the list filters by it', () => {
    const { files } = emitMigrations(model, null, new Date(Date.UTC(2026, 0, 1)));
    const migration = [...files.values()][0];
    expect(migration).toContain("accepted_extensions jsonb not null default '[]'::jsonb");
    expect(migration).toContain("roles jsonb not null default '[]'::jsonb");
    expect(migration).toContain('create index document_templates_accepted_extensions_gin on document_templates using gin (accepted_extensions jsonb_path_ops)');
    expect(migration).not.toContain('review_days_idx');
  });

  it('types the column as its values, an answer as a list of them, and offers no sort by it', async () => {
    const output = await emitFixture('choices');
    expect(output.get('generated/database.ts')).toContain('  review_days: Generated<Choices<1 | 2 | 3 | 4 | 5 | 6 | 7>>;');
    const openapi = JSON.parse(output.get('generated/openapi.json')!);
    expect(openapi.components.schemas.ModelosDocumento.properties.review_days).toEqual({
      type: 'array', items: { type: 'integer', enum: [1, 2, 3, 4, 5, 6, 7] }, uniqueItems: true, description: 'Dias de revisão',
    });
    const list = openapi.paths['/api/modelos_documento'].get.parameters;
    expect(list.find((p: { name: string }) => p.name === 'sort').schema.enum).not.toContain('accepted_extensions');
    expect(list.find((p: { name: string }) => p.name === 'filter').description).toContain('Em `accepted_extensions`, `review_days`');
    const columns = output.get('generated/web/modelos_documento/List.tsx')!;
    expect(columns).toContain("accepted_extensions: { source: 'accepted_extensions', kind: 'choices', label: 'Extensões aceitas', choices: choices.accepted_extensions },");
  });
});
