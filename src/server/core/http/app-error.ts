/** Field → messages, as the API returns them in `errors` (nested fields use dotted paths). */
export type FieldErrors = Record<string, string[]>;

export const MESSAGES = {
  notFound: 'Registro não encontrado.',
  routeNotFound: 'Recurso não encontrado.',
  unauthenticated: 'Não autenticado.',
  forbidden: 'Você não tem permissão para executar esta ação.',
  invalid: 'Os dados informados são inválidos.',
  malformedJson: 'O corpo da requisição não é um JSON válido.',
  malformedRequest: 'Requisição inválida.',
  internal: 'Houve um erro ao tentar processar a sua requisição',
} as const;

/**
 * An error whose status and message may be shown to the caller. Operations throw it without
 * knowing about HTTP beyond the status number; the error handler turns it into the reply.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    /** What a client may tell this answer by, beside its status (`stale_record`: a save over someone else's change). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, message);
export const badRequest = (message: string) => new AppError(400, message);
export const conflict = (message: string, code?: string) => new AppError(409, message, undefined, code);
export const invalid = (errors: FieldErrors, message: string = MESSAGES.invalid) => new AppError(422, message, errors);

/** Adds one message to a field of an error map. */
export function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}
