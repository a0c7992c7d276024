import type { Screen } from './screens';

/** Shows a list once its rows (or its empty state) are on the page. */
const mainShown = async (page: Parameters<NonNullable<Screen['ready']>>[0]) => {
  await page.locator('main').getByText(/\S/).first().waitFor();
};

/** A list, a form and a view, as the documentation shows them. */
export const listScreens: Screen[] = [
  {
    name: 'list',
    path: '/estados_civis',
    setup: async (api) => {
      // A long value, to show how a cell cuts it.
      await api('POST', '/api/estados_civis', { denomination: 'Separação de fato declarada em cartório, com partilha de bens ainda pendente de homologação judicial' });
    },
    ready: mainShown,
  },
  { name: 'form', path: '/usuarios/inserir', ready: mainShown },
  { name: 'view', path: '/usuarios/1', ready: mainShown },
];
