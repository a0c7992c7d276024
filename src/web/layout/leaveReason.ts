/** Why leaving the page needs a confirmation, or null when it does not (pure, so it is tested alone). */
export type LeaveReason = 'disconnected' | 'systemAction' | 'unsaved';

/** Leaving the system actions' area (`/acao/`) other than into a workflow's execution. */
const leavesSystemAction = (from: string, to: string) => from.startsWith('/acao/') && !to.startsWith('/acao/') && !to.startsWith('/fluxo_trabalho/');

export function leaveReason(state: { disconnected: boolean; unsaved: boolean; systemAction?: boolean }, from: string, to: string): LeaveReason | null {
  if (from === to) return null;
  if (state.disconnected) return 'disconnected';
  if (state.systemAction && leavesSystemAction(from, to)) return 'systemAction';
  if (state.unsaved) return 'unsaved';
  return null;
}

/** The pt-BR words of each confirmation (answered Sim/Não). */
export const LEAVE_QUESTIONS: Record<LeaveReason, { title: string; content: string }> = {
  disconnected: {
    title: 'Sem conexão com o servidor',
    content: 'As alterações podem não ser salvas. Deseja realmente sair desta página?',
  },
  systemAction: {
    title: 'Deseja realmente sair da ação do sistema?',
    content: 'Dados podem ser perdidos.',
  },
  unsaved: {
    title: 'Alterações não salvas',
    content: 'Algumas alterações não foram salvas. Deseja realmente descartá-las?',
  },
};
