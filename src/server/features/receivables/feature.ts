import { defineFeature } from '../../core/feature.js';
import { accountPayments } from './account-payments.js';
import { contributionValueRules } from './contribution-values.js';
import { entryCharges } from './entry-charges.js';
import { generationJob } from './generation-job.js';
import { generationRoutes } from './generation-routes.js';
import { leavingCharges } from './leaving-charges.js';
import { rangeChange } from './range-change.js';
import { financeRoutes } from './dashboard-routes.js';
import { partyRoutes } from './party-routes.js';
import { receivablesRoutes } from './routes.js';
import './tables.js';

/**
 * Receivables (docs/RECEIVABLES.md): what a council bills and receives. The contribution's value per
 * year (./contribution-values.ts); the manual posting of a control account (./posting.ts) and the
 * balance of an account or a party at a date (./account-balance.ts), payments (./payments.ts, an
 * account's own answered on its view by ./account-payments.ts), the
 * cancellation (./cancellation.ts), a party's regularity (./regularity.ts), routed by ./routes.ts;
 * a party's accounts for its *Financeiro* tab (./party-accounts.ts, routed by ./party-routes.ts);
 * the annual generation (./generation.ts, its job ./generation-job.ts, routed by
 * ./generation-routes.ts); a registration's annuity on entering charges (./entry-charges.ts), on
 * leaving them (./leaving-charges.ts) and billed again on its change of range (./range-change.ts).
 * `GENERATION_INTERVAL_MS` sets how often a process looks for queued commits,
 * `GENERATION_STALE_SECONDS` how long a commit's silent process is waited for.
 */
export const receivablesFeature = defineFeature({
  name: 'receivables',
  migrations: [new URL('migrations', import.meta.url)],
  permissions: [
    { name: 'controlAccount.generate', label: 'Conta de controle — gerar anuidades', area: 'financeiro' },
    { name: 'controlAccount.post', label: 'Conta de controle — lançar e confirmar lançamentos', area: 'financeiro' },
    { name: 'controlAccount.pay', label: 'Conta de controle — pagar', area: 'financeiro' },
    { name: 'controlAccount.reverse', label: 'Conta de controle — estornar pagamentos', area: 'financeiro' },
    { name: 'controlAccount.cancel', label: 'Conta de controle — cancelar', area: 'financeiro' },
  ],
}, async (app, { model }) => {
  app.resources.hooks('valores_contribuicao', contributionValueRules);
  if (!model.byModule.has('control_account')) return;
  // The account's view answers its payments: the statement 'Estornar' acts on.
  app.resources.readHooks('control_account', accountPayments);
  await app.register(receivablesRoutes, { model });
  await app.register(partyRoutes, { model });
  // The dashboard's billed, received, open and overdue (./dashboard-figures.ts).
  if (model.byModule.has('pagamentos')) await app.register(financeRoutes);
  if (!model.byModule.has('inscricao')) return;
  // A registration entering charges is billed; one entering a situation that interrupts them, or a
  // range that cancels the current contribution's posting, has its year's annuity reduced, cancelled
  // or billed again (§5).
  app.resources.hooks('inscricao', entryCharges(app.clock, model), leavingCharges, rangeChange);
  const intervalMs = Number(process.env.GENERATION_INTERVAL_MS ?? 1_000);
  const staleSeconds = Number(process.env.GENERATION_STALE_SECONDS ?? 30);
  const job = app.scheduler.add(generationJob(app, model, { intervalMs, staleSeconds }));
  await app.register(generationRoutes, { model, nudge: () => job.nudge() });
});
