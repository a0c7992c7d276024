/** Why leaving the page needs a confirmation, or null when it does not (pure, so it is tested alone). */
export type LeaveReason = 'disconnected' | 'unsaved';

export function leaveReason(state: { disconnected: boolean; unsaved: boolean }, from: string, to: string): LeaveReason | null {
  if (from === to) return null;
  if (state.disconnected) return 'disconnected';
  if (state.unsaved) return 'unsaved';
  return null;
}

/** The pt-BR words of each confirmation (answered Sim/Não). */
export const LEAVE_QUESTIONS: Record<LeaveReason, { title: string; content: string }> = {
  disconnected: {
    title: 'Sem conexão com o servidor',
    content: 'As alterações podem não ser salvas. Deseja realmente sair desta página?',
  },
  unsaved: {
    title: 'Alterações não salvas',
    content: 'Algumas alterações não foram salvas. Deseja realmente descartá-las?',
  },
};
