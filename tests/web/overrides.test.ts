import { describe, expect, it } from 'vitest';
import { resources as generated } from '../../generated/web/registry';
import { applyOverrides, view } from '../../src/web/resources/overrides';
import { overrides } from '../../src/web/resources/registry';
import { modules } from '../../src/web/resources/screens';

function MyList() {
  return null;
}

const myList = view(async () => ({ MyList }), (module) => module.MyList);

const named = (list: typeof generated, name: string) => list.find((r) => r.name === name)!;

describe('the override seam', () => {
  it('replaces exactly the named view of the named module', async () => {
    const merged = applyOverrides(generated, { estados_civis: { list: myList } });
    const original = await named(generated, 'estados_civis').load();
    const screens = await named(merged, 'estados_civis').load();
    expect(screens.list).toBe(myList);
    expect((await screens.list()).default).toBe(MyList);
    // The list a deep link loads beside the index is the hand-written one too.
    expect(named(merged, 'estados_civis').list).toBe(myList);
    expect(screens.create).toBe(original.create);
    expect(screens.edit).toBe(original.edit);
    expect(screens.show).toBe(original.show);
    expect(screens.recordRepresentation).toBe(original.recordRepresentation);
  });

  it('leaves every other module as generated, menu data included', async () => {
    const merged = applyOverrides(generated, { estados_civis: { list: myList } });
    expect(merged.map((r) => r.name)).toEqual(generated.map((r) => r.name));
    const other = await named(merged, 'generos').load();
    expect(other).toBe(await named(generated, 'generos').load());
    expect(named(merged, 'generos').list).toBe(named(generated, 'generos').list);
    const { load: _merged, list: _mergedList, ...menuData } = named(merged, 'estados_civis');
    const { load: _generated, list: _generatedList, ...generatedMenuData } = named(generated, 'estados_civis');
    expect(menuData).toEqual(generatedMenuData);
  });

  it('refuses a module or view that does not exist', () => {
    // @ts-expect-error 'estado_civil' is not a module name (generated/modules.ts): typecheck refuses it first
    expect(() => applyOverrides(generated, { estado_civil: { list: myList } })).toThrow("o módulo 'estado_civil' não existe");
    expect(() => applyOverrides(generated, { estados_civis: { lista: myList } as never })).toThrow("'estados_civis.lista' não é list");
  });

  it('merges the registry file over the generated registry at start-up', () => {
    expect(modules.map((r) => r.name)).toEqual(generated.map((r) => r.name));
  });

  it("finds each feature folder's views.ts, named by the folder, and nothing from a folder without one", async () => {
    expect(Object.keys(overrides).sort()).toEqual(['acoes_fiscalizacao', 'auditoria', 'clientes', 'configuracao_arrecadacao', 'configuracao_arredondamento_valor', 'configuracao_atualizacao_juros', 'configuracao_atualizacao_multas', 'configuracao_atualizacao_valor', 'control_account', 'documento', 'fiscalizacoes', 'fluxo_trabalho', 'inscricao', 'monitores', 'pagamentos', 'pendencias_acao_fiscalizacao', 'pessoa_fisica', 'pessoa_juridica', 'relatorio', 'sequencias', 'series_indicador', 'sistemas', 'tipo_debito', 'tipo_fluxo_trabalho', 'usuarios']);
    expect(Object.keys(overrides.pessoa_fisica ?? {}).sort()).toEqual(['create', 'edit']);
    expect(Object.keys(overrides.monitores ?? {}).sort()).toEqual(['edit', 'list']);
    expect(Object.keys(overrides.sistemas ?? {})).toEqual(['create']);
    const monitors = await named(modules, 'monitores').load();
    expect(monitors.list).toBe(overrides.monitores?.list);
    expect(named(modules, 'monitores').list).toBe(overrides.monitores?.list);
    expect(named(modules, 'pessoa_fisica').list).toBe(named(generated, 'pessoa_fisica').list);
    expect(monitors.show).toBe((await named(generated, 'monitores').load()).show);
  });
});
