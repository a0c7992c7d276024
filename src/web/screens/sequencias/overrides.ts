import { view, type ScreenOverrides } from '../../resources/overrides';

/** The sequence form: inputs in rows, the live mask preview, the book blocks, 'Gerar número'. */
export const sequenceOverrides: ScreenOverrides = {
  sequencias: {
    create: view(() => import('./Create'), (m) => m.SequenciasCreate),
    edit: view(() => import('./Edit'), (m) => m.SequenciasEdit),
  },
};
