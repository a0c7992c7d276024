import type { Screen } from './screens';

/** The dashboard, with a few monitors and records to show. */
export const dashboardScreens: Screen[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    setup: async (api) => {
      const monitors = [
        { service_name: 'Portal do conselho', system_name: 'Conselho', url: 'https://portal.conselho.org.br/' },
        { service_name: 'Emissão de certidões', system_name: 'Certidões', url: 'https://certidoes.conselho.org.br/' },
        { service_name: 'Anuidades', system_name: 'Financeiro', url: 'https://anuidades.conselho.org.br/' },
      ];
      for (const monitor of monitors) await api('POST', '/api/monitores', { ...monitor, uptime_check_enabled: false });
      for (const denomination of ['Em processo de divórcio', 'Casado(a) no exterior']) await api('POST', '/api/estados_civis', { denomination });
      await api('POST', '/api/generos', { denomination: 'Não binário' });
    },
    ready: async (page) => {
      await page.getByRole('region', { name: 'Registros por área' }).getByRole('img').locator('svg').first().waitFor();
      await page.getByRole('region', { name: 'Monitores' }).getByRole('img').locator('svg').first().waitFor();
    },
  },
];

