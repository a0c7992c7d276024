/**
 * What an inspection action in a closed state answers to an edit, the same words from the server's
 * refusal and on its screen, where such an action offers no 'Editar' (docs/INSPECTIONS.md).
 */
export const CANCELLED_UNCHANGED = 'A ação de fiscalização está cancelada: reative-a para alterá-la.';
export const CONCLUDED_UNCHANGED = 'A ação de fiscalização está concluída: não pode ser alterada.';

/** Why an action, as a record answers it, cannot be edited; null while it can. */
export function actionLocked(action: Readonly<Record<string, unknown>>): string | null {
  if (action.concluded === true) return CONCLUDED_UNCHANGED;
  if (action.canceled === true) return CANCELLED_UNCHANGED;
  return null;
}
