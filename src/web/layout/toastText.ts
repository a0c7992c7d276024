/**
 * A toast raised without words says what the specification's defaults say ('Action failed', 'Action
 * was successful'), in the interface's language.
 */
export const DEFAULT_TOASTS = { failed: 'A ação falhou.', succeeded: 'Ação realizada com sucesso.' } as const;

/** The words of a toast: its own, else the default of its kind (errors and warnings failed; the others succeeded). */
export function toastText(message: string | undefined | null, type: string | undefined): string {
  if (message && message.trim()) return message;
  return type === 'error' || type === 'warning' ? DEFAULT_TOASTS.failed : DEFAULT_TOASTS.succeeded;
}
