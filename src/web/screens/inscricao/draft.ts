/**
 * What the registration's steps hold while the person or company is registered on its own form, kept
 * for this tab only (sessionStorage), so the steps come back with it.
 */
const KEY = 'inscricao:rascunho';

export interface RegistrationDraft {
  step: number;
  values: Record<string, unknown>;
  taxId: string;
}

export function keepDraft(draft: RegistrationDraft): void {
  sessionStorage.setItem(KEY, JSON.stringify(draft));
}

/** The draft kept before leaving, taken once. */
export function takeDraft(): RegistrationDraft | null {
  const text = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as RegistrationDraft;
    return typeof draft?.step === 'number' && typeof draft.values === 'object' ? draft : null;
  } catch {
    return null;
  }
}
