/**
 * Whether a registration is regular on a day: open (status 1 Ativo), in a situation that is active,
 * and not past its expiry. Answers the pt-BR reason when it is not.
 */
export interface RegistrationState {
  status: number | string | null;
  situation: string | null;
  situation_active: boolean | null;
  expiration: string | null;
}

export function irregularity(state: RegistrationState, day: string): string | null {
  if (Number(state.status ?? 1) !== 1) return 'a inscrição não está ativa';
  if (!state.situation_active) return `a situação da inscrição ("${state.situation ?? 'sem situação'}") não é ativa`;
  if (state.expiration && state.expiration < day) return 'a inscrição está vencida';
  return null;
}
