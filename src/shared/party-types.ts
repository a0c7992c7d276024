/**
 * The codes of the party types the product relies on (shipped by the parties feature's migrations):
 * code finds them, never a row id, which differs from space to space.
 */
export const PARTY_TYPE_CODES = {
  person: 'pessoa_fisica',
  employee: 'funcionario',
  legalEntity: 'pessoa_juridica',
  institution: 'instituicao',
  organization: 'organizacao',
} as const;
