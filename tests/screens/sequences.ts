import type { Screen } from './screens';

/** The sequence form with its live mask preview and book blocks, and a sequence viewed after a number was drawn by hand. */
export const sequenceScreens: Screen[] = [
  {
    name: 'sequence-form',
    path: '/sequencias/inserir',
    ready: async (page) => {
      await page.getByLabel('Nome').fill('Registros de diploma');
      await page.getByLabel(/^Formatação/).fill('L{livro}F{folha:3}-{numero:5}/{ano}');
      await page.getByLabel('Possui livro').check();
      await page.getByText('Próximo número:').waitFor();
    },
  },
  {
    name: 'sequence-view',
    path: '/sequencias/1',
    setup: async (api) => {
      const { data } = await api('POST', '/api/sequencias', {
        name: 'Processos administrativos', number: 122, start: 1, increment: 1, formatting: '{numero:6}/{ano}', annual_restart: true, auto_numbering: false, has_book: false,
      });
      await api('POST', `/api/sequencias/${data.id}/next`, {});
    },
    ready: async (page) => {
      await page.getByText('Próximo número:').waitFor();
    },
  },
];
