/** The page part of the document title for a path (the shell prefixes the system name). */
export function pageTitle(pathname: string, labelOf: (module: string) => { singular: string; plural: string } | undefined): string {
  const parts = pathname.split('/').filter(Boolean);
  if (parts.length === 0) return 'Início';
  if (parts[0] === 'login') return 'Entrar';
  if (parts[0] === 'erro') return 'Erro';
  if (parts[0] === 'recuperar_senha') return parts.length > 1 ? 'Redefinir senha' : 'Recuperar senha';
  if (parts[0] === 'perfil') return 'Perfil';
  if (parts[0] === 'dashboard') return 'Painel';
  const label = labelOf(parts[0]);
  if (!label) return 'Página não encontrada';
  if (parts.length === 1) return label.plural;
  if (parts[1] === 'inserir') return `Inserir ${label.singular}`;
  return label.singular;
}

/** `{system name} - {page}`, the format of every page title. */
export const documentTitle = (system: string, page: string) => `${system} - ${page}`;

const SYSTEM_NAME_KEY = 'systemName';
export const DEFAULT_SYSTEM_NAME = 'Conselho';

/** The tenant's system name from the last load, so bare pages show it too. */
export const storedSystemName = () => window.localStorage.getItem(SYSTEM_NAME_KEY) || DEFAULT_SYSTEM_NAME;
export const storeSystemName = (name: string) => window.localStorage.setItem(SYSTEM_NAME_KEY, name);
