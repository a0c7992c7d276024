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

/**
 * A map that keeps only its `limit` most recent keys: the oldest is forgotten when a new one comes.
 * A visit of the steps asks for its draft only while it opens, so the last few visits are all that
 * can still ask; a tab open all day must not keep one entry per visit.
 */
export class RecentMap<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(private readonly limit: number) {}
  has(key: K): boolean {
    return this.entries.has(key);
  }
  get(key: K): V | undefined {
    return this.entries.get(key);
  }
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as K);
  }
  get size(): number {
    return this.entries.size;
  }
}

/** The draft each recent visit of the steps took, by the visit's history entry (react-router's `location.key`). */
const taken = new RecentMap<string, RegistrationDraft | null>(20);

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
