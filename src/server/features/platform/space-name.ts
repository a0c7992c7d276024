/** The name a `Tenant` header carries: letters, digits and inner `_`, `-` or `.`, alphanumeric at both ends. */
export const SPACE_NAME_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9_.-]*[A-Za-z0-9])?$/;
export const SPACE_NAME_MAX_LENGTH = 191;

export function isSpaceName(name: string): boolean {
  return name.length <= SPACE_NAME_MAX_LENGTH && SPACE_NAME_PATTERN.test(name);
}

export type SpaceErrorKind = 'malformed' | 'unknown';

export class SpaceError extends Error {
  constructor(
    readonly kind: SpaceErrorKind,
    readonly spaceName: string,
  ) {
    super(kind === 'malformed' ? 'Nome de espaço inválido.' : 'Espaço não encontrado.');
    this.name = 'SpaceError';
  }
}
