import { buildApp } from './app.js';
import { ensureAdministrator } from './features/auth/users.js';
import { loadConfig } from './core/config.js';
import { MIGRATIONS } from './features.js';
import { isSpaceless } from './core/http/space.js';
import { platformConfigFromEnv, registerTenancy, SpaceDirectory } from './features/platform/index.js';
import { seedDemoData, seedReferenceData } from './core/seed/index.js';

async function main() {
  const phases = startPhases();
  const config = loadConfig();
  const directory = await SpaceDirectory.open({ ...platformConfigFromEnv(), migrations: MIGRATIONS });
  const defaultSpace = await directory.resolve(undefined);
  phases.lap('banco e migrações');
  await seedReferenceData(defaultSpace.db);
  if (config.seedDemo) await seedDemoData(defaultSpace.db);
  const created = await ensureAdministrator(defaultSpace.db, { email: config.adminEmail, password: config.adminPassword });
  phases.lap('dados de referência e administrador');

  const app = await buildApp({
    config,
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    tenancy: (root) => registerTenancy(root, directory, { prefix: '/api', skip: isSpaceless }),
  });
  const close = async () => {
    await app.close();
    await directory.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);

  await app.listen({ port: config.port, host: config.host });
  phases.lap('aplicação');
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Servidor no ar em http://localhost:${port} (API em /api, documentação em /api/docs)`);
  console.log(phases.summary());
  if (created) {
    console.log(`Administrador criado: ${config.adminEmail}`);
    if (config.adminPasswordGenerated) console.log(`Senha gerada (anote, ela não será mostrada de novo): ${config.adminPassword}`);
  }
}

/**
 * Where a start's time goes, said in one line after the address (the operator's first question when
 * a start is slow; the benchmarks' figure 7 reads it): the modules loaded before `main` ran, then each phase.
 */
function startPhases() {
  const seconds = (ms: number) => `${(ms / 1000).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`;
  const laps: string[] = [`módulos ${seconds(performance.now())}`];
  let last = performance.now();
  return {
    lap(name: string) {
      const now = performance.now();
      laps.push(`${name} ${seconds(now - last)}`);
      last = now;
    },
    summary: () => `Início em ${seconds(performance.now())}: ${laps.join(', ')}`,
  };
}

main().catch((error) => {
  console.error('Falha ao iniciar o servidor:', error instanceof Error ? error.message : error);
  process.exit(1);
});
