import { defineFeature } from '../../core/feature.js';
import { contributionValueRules } from './contribution-values.js';
import { leavingCharges } from './leaving-charges.js';
import { rangeChange } from './range-change.js';
import { receivablesRoutes } from './routes.js';

/**
 * Receivables (docs/RECEIVABLES.md): what a council bills and receives. The contribution's value per
 * year (./contribution-values.ts); the manual posting of a control account (./posting.ts) and the
 * balance of an account or a party at a date (./account-balance.ts), payments (./payments.ts), the
 * cancellation (./cancellation.ts), a party's regularity (./regularity.ts), routed by ./routes.ts;
 * leaving charges on a registration's change of situation (./leaving-charges.ts) and the annuity
 * billed again on its change of range (./range-change.ts).
 */
export const receivablesFeature = defineFeature({
  name: 'receivables',
  permissions: [
    { name: 'controlAccount.post', label: 'Conta de controle — lançar e confirmar lançamentos', area: 'financeiro' },
    { name: 'controlAccount.pay', label: 'Conta de controle — pagar', area: 'financeiro' },
    { name: 'controlAccount.reverse', label: 'Conta de controle — estornar pagamentos', area: 'financeiro' },
    { name: 'controlAccount.cancel', label: 'Conta de controle — cancelar', area: 'financeiro' },
  ],
}, async (app, { model }) => {
  app.resources.hooks('valores_contribuicao', contributionValueRules);
  if (!model.byModule.has('control_account')) return;
  // A registration entering a situation that interrupts charges, or a range that cancels the current
  // contribution's posting, has its year's annuity reduced, cancelled or billed again (§5).
  if (model.byModule.has('inscricao')) app.resources.hooks('inscricao', leavingCharges, rangeChange);
  await app.register(receivablesRoutes, { model });
});
