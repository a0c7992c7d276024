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

/** The draft each visit of the steps took, by the visit's history entry (react-router's `location.key`). */
const taken = new Map<string, RegistrationDraft | null>();

/**
 * The draft kept before leaving, taken by the visit `visit` of the steps: removed from the tab's
 * storage, and the same again for the same visit, as the screen may be drawn more than once while
 * it opens (a render thrown away while its code arrives, a remount) and each must find it.
 */
export function takeDraft(visit: string): RegistrationDraft | null {
  if (taken.has(visit)) return taken.get(visit)!;
  const text = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  const draft = parse(text);
  taken.set(visit, draft);
  return draft;
}

function parse(text: string | null): RegistrationDraft | null {
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as RegistrationDraft;
    return typeof draft?.step === 'number' && typeof draft.values === 'object' ? draft : null;
  } catch {
    return null;
  }
}
