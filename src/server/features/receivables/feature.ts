import { defineFeature } from '../../core/feature.js';
import { contributionValueRules } from './contribution-values.js';
import { entryCharges } from './entry-charges.js';
import { generationJob } from './generation-job.js';
import { generationRoutes } from './generation-routes.js';
import { receivablesRoutes } from './routes.js';
import './tables.js';

/**
 * Receivables (docs/RECEIVABLES.md): what a council bills and receives. The contribution's value per
 * year (./contribution-values.ts); the manual posting of a control account (./posting.ts) and the
 * balance of an account or a party at a date (./account-balance.ts), routed by ./routes.ts; the
 * annual generation (./generation.ts, its job ./generation-job.ts, routed by ./generation-routes.ts)
 * and the annuity of a registration entering charges (./entry-charges.ts). `GENERATION_INTERVAL_MS`
 * sets how often a process looks for queued commits, `GENERATION_STALE_SECONDS` how long a commit's
 * silent process is waited for.
 */
export const receivablesFeature = defineFeature({
  name: 'receivables',
  migrations: [new URL('migrations', import.meta.url)],
  permissions: [
    { name: 'controlAccount.generate', label: 'Conta de controle — gerar anuidades', area: 'financeiro' },
    { name: 'controlAccount.post', label: 'Conta de controle — lançar e confirmar lançamentos', area: 'financeiro' },
    { name: 'controlAccount.pay', label: 'Conta de controle — pagar', area: 'financeiro' },
    { name: 'controlAccount.reverse', label: 'Conta de controle — estornar pagamentos', area: 'financeiro' },
  ],
}, async (app, { model }) => {
  app.resources.hooks('valores_contribuicao', contributionValueRules);
  if (!model.byModule.has('control_account')) return;
  await app.register(receivablesRoutes, { model });
  if (!model.byModule.has('inscricao')) return;
  app.resources.hooks('inscricao', entryCharges(app.clock, model));
  const intervalMs = Number(process.env.GENERATION_INTERVAL_MS ?? 1_000);
  const staleSeconds = Number(process.env.GENERATION_STALE_SECONDS ?? 30);
  const job = app.scheduler.add(generationJob(app, model, { intervalMs, staleSeconds }));
  await app.register(generationRoutes, { model, nudge: () => job.nudge() });
});
