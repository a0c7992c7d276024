import { describe, expect, it } from 'vitest';
import { Code } from '../../generator/emit/literal.js';
import { withSharedChoices } from '../../generator/emit/web-choices.js';
import { ByMode, fieldSpec, formInput } from '../../generator/plan.js';
import type { Field } from '../../language/index.js';
import { emitFixture } from './support.js';

const files = (out: Map<string, string>, path: string) => out.get(path) ?? '';

describe('react-admin screens', () => {
  it('gives a lookup table list, create, edit, show and index files built only from the kit', async () => {
    const files = await emitFixture('lookup');
    const screens = [...files.keys()].filter((p) => p.startsWith('generated/web/estados_civis/'));
    expect(screens).toEqual(['Create.tsx', 'Edit.tsx', 'Inputs.tsx', 'List.tsx', 'Show.tsx', 'form.ts', 'index.ts'].map((f) => `generated/web/estados_civis/${f}`));
    for (const path of screens) {
      const imports = [...files.get(path)!.matchAll(/from '([^']+)'/g)].map((m) => m[1].replace(/\/list$/, ''));
      expect(imports.every((s) => s === '@kit' || s === '@kit/types' || s.startsWith('./')), path).toBe(true);
    }
    // A list imports the kit's list part only, and the index loads each view on its own: a list loads no form code.
    expect(files.get('generated/web/estados_civis/List.tsx')).toContain("from '@kit/list'");
    const index = files.get('generated/web/estados_civis/index.ts')!;
    for (const view of ['List', 'Create', 'Edit', 'Show']) expect(index).toContain(`() => import('./${view}')`);
    expect(index).not.toMatch(/^import (?!type)/m);
    const list = files.get('generated/web/estados_civis/List.tsx')!;
    // Columns, filters and what the list hands the kit are exported, for a hand-written list to reuse.
    expect(list).toContain("export const columns = {\n  id: { source: 'id', kind: 'id', label: 'ID', sortable: true },\n  denomination: { source: 'denomination', kind: 'text', label: 'Denominação', sortable: true },");
    expect(list).toContain('} satisfies Record<string, FieldSpec>;');
    expect(list).toContain("export const list: ListProps = { columns: Object.values(columns), filters: Object.values(filters), sort: { field: 'denomination', order: 'ASC' }, search: true,");
    expect(list).toContain('return <ResourceList {...list} />;');
    // The form's specs are data of their own (no widget), the inputs one kit input per spec.
    const form = files.get('generated/web/estados_civis/form.ts')!;
    expect(form).toContain('export function inputs(mode: FormMode) {');
    // One spec a line, read as a table.
    expect(form).toContain("    denomination: { source: 'denomination', kind: 'text', label: 'Denominação', required: true, maxLength: 255 },\n");
    expect(form).toMatch(/^import type \{ FieldSpec, FormMode \} from '@kit\/types';$/m);
    expect(files.get('generated/web/estados_civis/Inputs.tsx')).toContain('{Object.values(inputs(mode)).map((spec) => (\n        <KindInput key={spec.source} {...spec} />');
    expect(files.get('generated/web/estados_civis/index.ts')).toContain("recordRepresentation: { source: 'denomination', kind: 'text', label: 'Denominação' }");
  });

  it('passes the depends-on filter of a dependent reference and sorts a list descending', async () => {
    const files = await emitFixture('reference');
    expect(files.get('generated/web/enderecos/form.ts')).toContain(
      "reference: { module: 'municipios', dependsOn: { field: 'uf_id', param: 'uf_id' } },",
    );
    const list = files.get('generated/web/enderecos/List.tsx')!;
    expect(list).toContain("sort: { field: 'id', order: 'DESC' },");
    expect(list).toMatch(/export const filters = \{[\s\S]*uf_id: \{ source: 'uf_id'[\s\S]*city_id: \{\s*source: 'city_id'/);
  });

  it('makes no screens for entities with screens false, yet lists them in the registry', async () => {
    const files = await emitFixture('reference');
    expect([...files.keys()].some((p) => p.startsWith('generated/web/uf/'))).toBe(false);
    const registry = files.get('generated/web/registry.ts')!;
    expect(registry).toMatch(/name: 'uf',[\s\S]*?screens: false,[\s\S]*?load: withoutScreens\('uf'\)/);
    expect(registry).toMatch(/name: 'enderecos',[\s\S]*?load: \(\) => import\('\.\/enderecos\/index'\)\.then\(\(m\) => m\.default\)/);
    const names = [...registry.matchAll(/name: '([a-z_]+)'/g)].map((m) => m[1]);
    expect(names).toEqual(['enderecos', 'municipios', 'uf']);
  });

  it('gives a list-only module its read-only list alone, in the menu', async () => {
    const files = await emitFixture('browse');
    const screens = [...files.keys()].filter((p) => p.startsWith('generated/web/uf/'));
    expect(screens).toEqual(['generated/web/uf/List.tsx', 'generated/web/uf/index.ts']);
    expect(files.get('generated/web/uf/List.tsx')).toContain("search: true, recordLabel: 'name', readOnly: true };");
    expect(files.get('generated/web/uf/index.ts')).toContain("{ list: () => import('./List'), recordRepresentation: { source: 'name', kind: 'text', label: 'Nome' } }");
    expect(files.get('generated/web/registry.ts')).toMatch(/name: 'uf',[\s\S]*?screens: true,[\s\S]*?load: \(\) => import\('\.\/uf\/index'\)/);
  });

  it('offers Ativo/Inativo after the schema filters of an inactivatable entity, and names the record label', async () => {
    const list = (await emitFixture('browse')).get('generated/web/contas/List.tsx')!;
    expect(list).toMatch(/export const filters = \{[\s\S]*source: 'kind'[\s\S]*source: 'uf_id'[\s\S]*source: 'inactivated',\s*kind: 'boolean',\s*label: 'Situação',\s*choices: \[\{ id: 'false', name: 'Ativo' \}, \{ id: 'true', name: 'Inativo' \}\]/);
    expect(list).toContain("recordLabel: 'name' };");
    expect(list).not.toContain('readOnly');
    // Two words of a yes/no filter are no enum: choices.ts holds the enum only.
    expect(files(await emitFixture('browse'), 'generated/web/contas/choices.ts')).not.toContain('Inativo');
  });

  it('keeps the signed-in person from deleting their own account where the schema says x-accounts', async () => {
    const out = await emitFixture('browse');
    expect(out.get('generated/web/contas/Edit.tsx')).toContain('<ResourceEdit ownRecordKept>');
    expect((await emitFixture('lookup')).get('generated/web/estados_civis/Edit.tsx')).toContain('<ResourceEdit>');
  });

  it('turns enum labels into choices and keeps defaults', async () => {
    const files = await emitFixture('enum');
    const inputs = files.get('generated/web/tipo_servico_arquivo/form.ts')!;
    expect(files.get('generated/web/tipo_servico_arquivo/choices.ts')).toContain("{ id: 's3', name: 'Amazon S3' }");
    expect(inputs).toContain('choices: choices.service_type');
    expect(inputs).toContain("defaultValue: 'local'");
    expect(inputs).toContain('defaultValue: false');
  });

  it("writes an enum's choices once per module, for its list, form and view", async () => {
    const files = await emitFixture('enum');
    const dir = 'generated/web/tipo_servico_arquivo';
    const choices = files.get(`${dir}/choices.ts`)!;
    expect(choices).toContain('export const choices = {');
    expect(choices).toContain('} satisfies Record<string, Choice[]>;');
    for (const view of ['List.tsx', 'Show.tsx', 'form.ts']) {
      const text = files.get(`${dir}/${view}`)!;
      expect(text, view).toContain("import { choices } from './choices';");
      expect(text, view).toMatch(/choices(: |=\{)choices\.service_type/);
      expect(text, view).not.toContain('Amazon S3');
    }
    expect([...(await emitFixture('lookup')).keys()].some((p) => p.endsWith('/choices.ts'))).toBe(false);
  });

  it("refers to a sub-list item's choices by the item's path", () => {
    const spec = {
      source: 'tenant_configs',
      kind: 'sublist',
      sublist: { itemLabel: 'espaço', fields: [{ source: 'db_type', kind: 'enum', choices: [{ id: 'pgsql', name: 'PostgreSQL' }] }] },
    };
    const { specs, shared } = withSharedChoices([spec]);
    expect(shared).toBe(true);
    expect(specs[0].sublist.fields[0].choices).toEqual(new Code("choices['tenant_configs.db_type']"));
    expect(spec.sublist.fields[0].choices).toHaveLength(1);
  });

  it('asks for a password on create but not on edit, with one input whose required rule is an expression of the mode', async () => {
    const files = await emitFixture('enum');
    expect(files.get('generated/web/tipo_servico_arquivo/Inputs.tsx')).toContain('export function TipoServicoArquivoInputs({ mode }: FormInputsProps)');
    const inputs = files.get('generated/web/tipo_servico_arquivo/form.ts')!;
    expect(inputs.match(/source: 'password'/g)).toHaveLength(1);
    expect(inputs).toMatch(/source: 'password',\s+kind: 'password',\s+label: 'Senha',\s+required: mode === 'create',\s+maxLength: 255/);
    // Rules both modes share stay literal.
    expect(inputs).toContain("name: { source: 'name', kind: 'text', label: 'Nome', required: true, maxLength: 255 },");
    expect(inputs.match(/mode ===/g)).toHaveLength(1);
    expect(files.get('generated/web/tipo_servico_arquivo/Show.tsx')).not.toContain('password');
  });

  it('asks for a secret shown under a condition on create only: a blank one on edit keeps the stored one', () => {
    const field = {
      name: 's3_secret', label: 'Segredo S3', kind: 'text', column: 's3_secret', required: false, nullable: true, readOnly: false, serverSet: false,
      writeOnly: true, unique: false, inForm: true, when: { field: 'service_type', in: [2], required: true },
    } as unknown as Field;
    expect(fieldSpec(field, 'create').when).toEqual({ field: 'service_type', in: [2], required: true });
    expect(fieldSpec(field, 'edit').when).toEqual({ field: 'service_type', in: [2] });
    expect(fieldSpec({ ...field, writeOnly: false } as Field, 'edit').when).toEqual({ field: 'service_type', in: [2], required: true });
  });

  it('compares the insert and edit specs prop by prop, keeping the spec order', () => {
    const create = { source: 'secret', kind: 'password', label: 'Senha', required: true, maxLength: 255 } as const;
    const edit = { source: 'secret', kind: 'password', label: 'Senha', maxLength: 255, helperText: 'Vazia: mantém a atual.' } as const;
    const input = formInput(create, edit);
    expect(Object.keys(input)).toEqual(['source', 'kind', 'label', 'required', 'maxLength', 'helperText']);
    expect(input.required).toEqual(new ByMode(true, undefined));
    expect(input.helperText).toEqual(new ByMode(undefined, 'Vazia: mantém a atual.'));
    expect(input.maxLength).toBe(255);
  });

  it('lets Create and Edit wrap the module inputs in their mode, with no inputs of their own', async () => {
    const files = await emitFixture('enum');
    for (const [view, wrapper, mode] of [['Create', 'ResourceCreate', 'create'], ['Edit', 'ResourceEdit', 'edit']]) {
      const screen = files.get(`generated/web/tipo_servico_arquivo/${view}.tsx`)!;
      expect(screen).toContain(`<${wrapper}>\n      <TipoServicoArquivoInputs mode="${mode}" />\n    </${wrapper}>`);
      expect(screen).toContain("import { TipoServicoArquivoInputs } from './Inputs';");
      expect(screen).not.toContain('KindInput');
    }
  });

  it('describes a sub-list with its item label, main flag and item fields', async () => {
    const create = (await emitFixture('sublist')).get('generated/web/pessoa_fisica/form.ts')!;
    expect(create).toContain("itemLabel: 'telefone'");
    expect(create).toContain("mainField: 'main'");
    expect(create).toContain("{ source: 'number', kind: 'phone', label: 'Número', required: true }");
  });

  it('gives a many-to-many field the referenced module', async () => {
    const files = await emitFixture('many-to-many');
    expect(files.get('generated/web/papeis/form.ts')).toMatch(/source: 'permissions',\s+kind: 'references',[\s\S]*reference: \{ module: 'permissoes' \}/);
    expect(files.get('generated/database.ts')).toContain('export interface RolePermissionsTable {\n  role_id: number;\n  permission_id: number;\n}');
  });

  it('labels every resource and field in pt-BR for react-admin', async () => {
    const messages = (await emitFixture('sublist')).get('generated/web/messages.pt-BR.ts')!;
    expect(messages).toContain("name: 'Pessoa física |||| Pessoas físicas'");
    expect(messages).toContain("'telephones.number': 'Número'");
  });

  it('marks admin-only insert in the registry', async () => {
    const registry = (await emitFixture('enum')).get('generated/web/registry.ts')!;
    expect(registry).toContain("insertPermission: 'admin'");
    expect(registry).toContain("areaLabel: 'Sistema'");
  });
});
