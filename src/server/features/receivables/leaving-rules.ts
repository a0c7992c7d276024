/**
 * What leaving charges does to the year's annuity (docs/RECEIVABLES.md §5 'Leaving charges', points
 * 2–5), pure: reduced to the exit proportion when the revenue setting, the debt type and the situation
 * all ask for it and the exit falls where the situation allows (before the due date or after it);
 * cancelled instead when the range cancels the proportional; else cancelled when the situation
 * discharges the contribution; else kept whole.
 */

export interface LeavingFlags {
  /** `configuracao_arrecadacao.generate_proportional_current_contribution_in_exit`. */
  generateProportional: boolean;
  /** `tipo_debito.proportionality_percent`. */
  debtTypeProportional: boolean;
  /** `situacoes.proportional_charge`. */
  situationProportional: boolean;
  /** `situacoes.before_expired`: an exit on or before the due date. */
  beforeExpired: boolean;
  /** `situacoes.proportional_after_expiration`: an exit after the due date. */
  afterExpiration: boolean;
  /** `faixa_de_contribuicao.cancel_prop_when_charges_stop`. */
  rangeCancels: boolean;
  /** `situacoes.contribution_discharge`. */
  discharge: boolean;
}

export type LeavingAction = 'reduce' | 'cancel' | 'keep';

/**
 * @example leavingAction({ generateProportional: true, debtTypeProportional: true, situationProportional: true, beforeExpired: false, afterExpiration: true, rangeCancels: false, discharge: false }, '2026-09-10', '2026-03-31') // 'reduce'
 */
export function leavingAction(flags: LeavingFlags, exitDate: string, dueDate: string): LeavingAction {
  const allowed = exitDate <= dueDate ? flags.beforeExpired : flags.afterExpiration;
  if (flags.generateProportional && flags.debtTypeProportional && flags.situationProportional && allowed) return flags.rangeCancels ? 'cancel' : 'reduce';
  return flags.discharge ? 'cancel' : 'keep';
}
