import type { ComponentType } from 'react';
import type { ModuleName } from '@generated/modules';
import type { GeneratedResource, ResourceScreens, ViewLoader } from '@kit/types';

export type ViewName = 'list' | 'create' | 'edit' | 'show';

/** A module's hand-written views by view name, each loaded on first visit; every view not named stays the generated one. */
export type ModuleViews = Partial<Record<ViewName, ViewLoader>>;

/** Hand-written views by module and view name, keyed by `ModuleName`. */
export type ScreenOverrides = { readonly [Module in ModuleName]?: ModuleViews };

/**
 * A hand-written view's loader from its module and the export to use.
 * @example view(() => import('../screens/auditoria/List'), (m) => m.AuditoriaList)
 */
export function view<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ViewLoader {
  return () => load().then((module) => ({ default: pick(module) }));
}

const VIEW_NAMES: readonly string[] = ['list', 'create', 'edit', 'show'];

/**
 * The generated registry with each overridden view swapped in. A module or view name that does not
 * exist fails at start-up with a sentence a developer understands, instead of silently doing nothing.
 */
export function applyOverrides(generated: GeneratedResource[], overrides: ScreenOverrides): GeneratedResource[] {
  const names = new Set(generated.map((r) => r.name));
  const byModule = new Map(Object.entries(overrides) as [string, ModuleViews][]);
  for (const [module, views] of byModule) {
    if (!names.has(module)) throw new Error(`Substituição de tela: o módulo '${module}' não existe no registro gerado.`);
    const resource = generated.find((r) => r.name === module)!;
    if (!resource.screens) throw new Error(`Substituição de tela: o módulo '${module}' não tem telas.`);
    for (const view of Object.keys(views)) {
      if (!VIEW_NAMES.includes(view)) throw new Error(`Substituição de tela: '${module}.${view}' não é list, create, edit ou show.`);
    }
  }
  return generated.map((resource) => {
    const views = byModule.get(resource.name);
    if (!views) return resource;
    const load = () => resource.load().then((screens): ResourceScreens => ({ ...screens, ...views }));
    return { ...resource, load, ...(views.list ? { list: views.list } : {}) };
  });
}
