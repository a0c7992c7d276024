import { useSearchParams } from 'react-router-dom';

/** The query parameter of an insert form that says where to go back once the record is saved. */
export const RETURN_PARAM = 'voltar';
/** The parameter the screen gone back to receives: the new record's id. */
export const CREATED_PARAM = 'criado';

/** A path inside the product (never another site: `//host`, `https:`), or null. */
export function returnPath(raw: string | null): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  return raw;
}

/** `/inscricao/inserir` + 12 → `/inscricao/inserir?criado=12`. */
export function withCreated(path: string, id: unknown): string {
  return `${path}${path.includes('?') ? '&' : '?'}${CREATED_PARAM}=${encodeURIComponent(String(id))}`;
}

/**
 * Where an insert form opened from another screen goes back (`/pessoa_fisica/inserir?voltar=/inscricao/inserir`):
 * a registration that registers its person first returns to its steps with the new person's id.
 */
export function useReturnAfterInsert(): string | null {
  const [params] = useSearchParams();
  return returnPath(params.get(RETURN_PARAM));
}
