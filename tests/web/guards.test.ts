import { describe, expect, it } from 'vitest';
import { resources as generated } from '../../generated/web/registry';
import { menuGroups } from '../../src/web/layout/menuGroups';
import { LEAVE_QUESTIONS, leaveReason } from '../../src/web/layout/leaveReason';
import { allows } from '../../src/web/providers/permissions';
import { page as parametersPage } from '../../src/web/screens/parametros/page';

const screens = generated.filter((r) => r.screens);
const named = (name: string) => generated.find((r) => r.name === name)!;
/** Modules open to every signed-in person (`x-access: any`: the party configuration), in everyone's menu. */
const openToAll = screens.filter((r) => r.access === 'any').map((r) => r.name);
/** The menu without the modules everyone sees. */
const beyondOpen = (groups: ReturnType<typeof menuGroups>) =>
  groups.map((g) => ({ ...g, modules: g.modules.filter((m) => !openToAll.includes(m.name)) })).filter((g) => g.modules.length > 0);

describe('the menu derived from permissions', () => {
  it("shows a person holding only 'civilStatus.index' just Estados civis, under its area", () => {
    const groups = beyondOpen(menuGroups(screens, ['any', 'civilStatus.index']));
    expect(groups).toEqual([{ area: 'tabelas', label: 'Tabelas auxiliares', modules: [{ name: 'estados_civis', label: 'Estados civis', icon: named('estados_civis').icon }] }]);
  });

  it("shows nothing but home to a person without index permissions, and every module to 'admin'", () => {
    expect(beyondOpen(menuGroups(screens, ['any']))).toEqual([]);
    const all = menuGroups(screens, ['any', 'admin']).flatMap((g) => g.modules.map((m) => m.name));
    expect(all.sort()).toEqual(screens.map((r) => r.name).sort());
  });

  it("lists the tenants (a route open to 'any') only for platform operators, though anyone may open it", () => {
    const operator = menuGroups(screens, ['any', 'magnetar-index']).flatMap((g) => g.modules.map((m) => m.name));
    expect(operator).toContain('clientes');
    expect(allows(['any'], named('clientes'), 'list')).toBe(true);
  });

  it('lists a feature page (the parameters form) under its area, after the modules, for a holder of its names only', () => {
    const forReader = beyondOpen(menuGroups(screens, ['any', 'parameter.index', 'audit.index'], [parametersPage]));
    expect(forReader).toEqual([{ area: 'sistema', label: 'Sistema', modules: [
      { name: 'auditoria', label: 'Auditoria', icon: named('auditoria').icon },
      { name: 'parametros', label: 'Parâmetros', icon: 'Tune' },
    ] }]);
    expect(beyondOpen(menuGroups(screens, ['any', 'parameter.update'], [parametersPage]))).toEqual([]);
    const areas = menuGroups(screens, ['admin'], [parametersPage]).map((group) => group.area);
    expect(areas).toEqual(['cadastro', 'tabelas', 'fiscalizacao', 'fluxos', 'financeiro', 'sistema', 'plataforma']);
  });

  it('gives a feature page reached by links (a custom page, listed: false) no entry of its own', () => {
    const customPage = { ...parametersPage, path: 'paginas/:uri/:slug', label: 'Página', requires: ['any'], listed: false };
    expect(beyondOpen(menuGroups(screens, ['any'], [customPage]))).toEqual([]);
    expect(beyondOpen(menuGroups(screens, ['any', 'parameter.index'], [customPage, parametersPage])).flatMap((g) => g.modules.map((m) => m.name))).toEqual(['parametros']);
  });

  it('shows the party configuration, open to every signed-in person, to someone holding nothing', () => {
    expect(openToAll.sort()).toEqual(['regras_relacao', 'tipo_relacao', 'tipos_parte']);
    expect(menuGroups(screens, ['any'])).toEqual([{ area: 'cadastro', label: 'Cadastro', modules: expect.arrayContaining(openToAll.map((name) => expect.objectContaining({ name }))) }]);
    expect(menuGroups(screens, ['any']).flatMap((g) => g.modules)).toHaveLength(3);
  });

  it('never lists a reference-only module, whatever is held', () => {
    const withoutScreens = generated.filter((r) => !r.screens).map((r) => r.name);
    const shown = menuGroups(generated, ['admin']).flatMap((g) => g.modules.map((m) => m.name));
    expect(shown.filter((name) => withoutScreens.includes(name))).toEqual([]);
  });
});

describe('the route guards', () => {
  it("lets only 'admin' insert where the schema says insertPermission 'admin'", () => {
    const adminOnly = generated.find((r) => r.insertPermission === 'admin')!;
    expect(allows(['any', `${adminOnly.permission}.store`, `${adminOnly.permission}.index`], adminOnly, 'create')).toBe(false);
    expect(allows(['any', 'admin'], adminOnly, 'create')).toBe(true);
  });

  it("lets '{permission}.store' insert elsewhere, needs '.index' for the list, '.show' to open a record and '.update' to save it", () => {
    const estados = named('estados_civis');
    expect(allows(['civilStatus.store'], estados, 'create')).toBe(true);
    expect(allows(['civilStatus.store'], estados, 'list')).toBe(false);
    expect(allows(['civilStatus.show'], estados, 'show')).toBe(true);
    expect(allows(['civilStatus.show'], estados, 'edit')).toBe(true);
    expect(allows(['civilStatus.show'], estados, 'update')).toBe(false);
    expect(allows(['civilStatus.index'], estados, 'edit')).toBe(false);
  });
});

describe('leaving a page', () => {
  it('asks while disconnected, in pt-BR, even with nothing typed', () => {
    expect(leaveReason({ disconnected: true, unsaved: false }, '/estados_civis', '/generos')).toBe('disconnected');
    expect(LEAVE_QUESTIONS.disconnected.content).toBe('As alterações podem não ser salvas. Deseja realmente sair desta página?');
  });

  it('asks when a form has unsaved changes, and not otherwise', () => {
    expect(leaveReason({ disconnected: false, unsaved: true }, '/estados_civis/inserir', '/')).toBe('unsaved');
    expect(leaveReason({ disconnected: false, unsaved: false }, '/estados_civis', '/')).toBeNull();
  });

  it("asks before leaving a system action (/acao/) other than into the workflow's execution", () => {
    const state = { disconnected: false, unsaved: false, systemAction: true };
    expect(leaveReason(state, '/acao/pessoa_juridica/inserir', '/bancos')).toBe('systemAction');
    expect(leaveReason({ ...state, unsaved: true }, '/acao/pessoa_juridica/inserir', '/')).toBe('systemAction');
    expect(leaveReason(state, '/acao/pessoa_juridica/inserir', '/fluxo_trabalho/3')).toBeNull();
    expect(leaveReason(state, '/acao/pessoa_juridica/inserir', '/acao/pessoa_fisica/inserir')).toBeNull();
    expect(leaveReason({ ...state, systemAction: false }, '/acao/pessoa_juridica/inserir', '/bancos')).toBeNull();
    expect(LEAVE_QUESTIONS.systemAction).toEqual({ title: 'Deseja realmente sair da ação do sistema?', content: 'Dados podem ser perdidos.' });
  });

  it('does not ask when only the query string changes (search, page, sort)', () => {
    expect(leaveReason({ disconnected: true, unsaved: true }, '/estados_civis', '/estados_civis')).toBeNull();
  });
});
