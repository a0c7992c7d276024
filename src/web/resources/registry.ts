import { MODULES, type ModuleName } from '@generated/modules';
import type { ModuleViews, ScreenOverrides } from './overrides';

/**
 * The override seam: every module's screens come from `generated/web/<module>/` (list, create, edit,
 * show). When a schema cannot say what a screen needs, the module's feature folder
 * `src/web/screens/<module>/` holds the hand-written view, written with the kit and reusing the
 * generated specs (`columns`, `filters` and `list` of `@generated/web/<module>/List`, `inputs(mode)`
 * of `@generated/web/<module>/form`), and a `views.ts` naming the views it replaces, as loaders: each
 * view is a chunk of its own, loaded on first visit. Nothing outside the folder changes: the shell
 * finds every `views.ts` here, the folder's name is the module (a `ModuleName`: a folder named after
 * no module fails at start-up), and the module's other views, its menu entry, permissions and labels
 * stay the generated ones. A folder with no `views.ts` (shared pieces, `platform/`) replaces nothing.
 *
 * @example
 * // src/web/screens/estados_civis/List.tsx
 * export function EstadosCivisList() {
 *   return <ResourceList {...list} columns={[columns.denomination, { ...columns.inactivated, cell: situationChip }]} />;
 * }
 * // src/web/screens/estados_civis/views.ts
 * export const views: ModuleViews = { list: view(() => import('./List'), (m) => m.EstadosCivisList) };
 */
const found = import.meta.glob<ModuleViews>('../screens/*/views.ts', { eager: true, import: 'views' });

const isModule = (name: string): name is ModuleName => (MODULES as readonly string[]).includes(name);

/** The module a feature folder's `views.ts` belongs to: the folder's name. */
function moduleOf(path: string): ModuleName {
  const folder = path.split('/').at(-2)!;
  if (!isModule(folder)) throw new Error(`Substituição de tela: a pasta src/web/screens/${folder}/ tem views.ts, mas '${folder}' não é um módulo.`);
  return folder;
}

/** The hand-written views of every feature folder, by module. */
export const overrides: ScreenOverrides = Object.fromEntries(Object.entries(found).map(([path, views]) => [moduleOf(path), views]));
