import type { ModuleViews, ScreenOverrides } from './overrides';

/**
 * The override seam: every module's screens come from `generated/web/<module>/` (list, create, edit,
 * show). When a schema cannot say what a screen needs, the module's feature folder
 * `src/web/screens/<module>/` holds the hand-written view, written with the kit and reusing the
 * generated specs (`columns`, `filters` and `list` of `@generated/web/<module>/List`, `inputs(mode)`
 * of `@generated/web/<module>/form`), and a `views.ts` naming the views it replaces, as loaders: each
 * view is a chunk of its own, loaded on first visit. Nothing outside the folder changes: the shell
 * finds every `views.ts` here, the folder's name is the module, and the module's other views, its
 * menu entry, permissions and labels stay the generated ones. A folder with no `views.ts` (shared
 * pieces, `platform/`) replaces nothing.
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

/** The hand-written views of every feature folder, by module (the folder's name). */
export const overrides: ScreenOverrides = Object.fromEntries(
  Object.entries(found).map(([path, views]) => [path.split('/').at(-2)!, views]),
);
