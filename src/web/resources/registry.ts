import { view, type ScreenOverrides } from './overrides';

/**
 * The override seam: the one place where a hand-written view replaces a generated one.
 *
 * Every module's screens come from `generated/web/<module>/` (list, create, edit, show). When a
 * schema cannot say what a screen needs, write the view by hand under `src/web/screens/<module>/`
 * with the kit (`ResourceList` from `kit/list`, `ResourceEdit`, `KindInput`…) and name it here by module
 * and view, as a loader: each view is a chunk of its own, loaded on first visit. Modules are named
 * by `ModuleName` (generated/modules.ts): a misspelt one fails typecheck, and start-up.
 * Only that view changes: the module's other views, its menu entry, permissions and labels stay
 * the generated ones, and regenerating never touches this file.
 *
 * @example
 * // src/web/screens/estados_civis/List.tsx
 * export function EstadosCivisList() {
 *   return <ResourceList columns={[{ source: 'denomination', kind: 'text', label: 'Denominação' }]} filters={[]} sort={{ field: 'denomination', order: 'ASC' }} search />;
 * }
 *
 * // here:
 * export const overrides: ScreenOverrides = {
 *   estados_civis: { list: view(() => import('../screens/estados_civis/List'), (m) => m.EstadosCivisList) },
 * };
 */
export const overrides: ScreenOverrides = {
  // The audit log: a day range 'De'/'Até' and module names in the filters; the detail puts each
  // field's value before and after side by side.
  auditoria: {
    list: view(() => import('../screens/auditoria/List'), (m) => m.AuditoriaList),
    edit: view(() => import('../screens/auditoria/Detail'), (m) => m.AuditoriaDetail),
    show: view(() => import('../screens/auditoria/Detail'), (m) => m.AuditoriaDetail),
  },
  // Tenants with their spaces: the spaces' editing and inserting toggles, the first administrator's
  // one-time password.
  clientes: {
    list: view(() => import('../screens/clientes/List'), (m) => m.ClientesList),
    create: view(() => import('../screens/clientes/Create'), (m) => m.ClientesCreate),
    edit: view(() => import('../screens/clientes/Edit'), (m) => m.ClientesEdit),
  },
  // The system's token, shown once after the insert.
  sistemas: { create: view(() => import('../screens/sistemas/Create'), (m) => m.SistemasCreate) },
  // The monitors' status chips, a 10 s refresh and 'Verificar agora'.
  monitores: {
    list: view(() => import('../screens/monitores/List'), (m) => m.MonitoresList),
    edit: view(() => import('../screens/monitores/Edit'), (m) => m.MonitoresEdit),
  },
  // The sequence form: the live mask preview, the book blocks, 'Gerar número'.
  sequencias: {
    create: view(() => import('../screens/sequencias/Create'), (m) => m.SequenciasCreate),
    edit: view(() => import('../screens/sequencias/Edit'), (m) => m.SequenciasEdit),
  },
};
