import { resources as generated } from '@generated/web/registry';
import { view, type ScreenOverrides } from '../../resources/overrides';

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
