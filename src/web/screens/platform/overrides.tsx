import { lazy, Suspense, type ComponentType } from 'react';
import { resources as generated } from '../../../../generated/web/registry';
import type { ScreenOverrides } from '../../resources/overrides';

/**
 * A view loaded on first visit, like the generated screens, so the platform's views stay out of the
 * shell's chunk. It is a plain component around the lazy one: the shell wraps views in a lazy of its own.
 */
function view<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  const Lazy = lazy(() => load().then((m) => ({ default: pick(m) })));
  return function PlatformView() {
    return (
      <Suspense fallback={null}>
        <Lazy />
      </Suspense>
    );
  };
}

const platformViews: ScreenOverrides = {
  clientes: {
    list: view(() => import('../clientes/List'), (m) => m.ClientesList),
    create: view(() => import('../clientes/Create'), (m) => m.ClientesCreate),
    edit: view(() => import('../clientes/Edit'), (m) => m.ClientesEdit),
  },
  sistemas: { create: view(() => import('../sistemas/Create'), (m) => m.SistemasCreate) },
  monitores: {
    list: view(() => import('../monitores/List'), (m) => m.MonitoresList),
    edit: view(() => import('../monitores/Edit'), (m) => m.MonitoresEdit),
  },
};

/**
 * The platform modules' hand-written views, for the platform modules the generated registry holds
 * (an installation generated without them keeps starting).
 */
export const platformOverrides: ScreenOverrides = Object.fromEntries(
  Object.entries(platformViews).filter(([module]) => generated.some((resource) => resource.name === module)),
);
