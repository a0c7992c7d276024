import { HttpError } from 'ra-core';

export interface Failure {
  message: string;
  /** The first message of each field the server refused (422). */
  fields: Record<string, string>;
}

/** What a refused request tells the person: the server's message and its field messages. */
export function failureOf(error: unknown): Failure {
  if (error instanceof HttpError) {
    const body = (error.body ?? {}) as { errors?: Record<string, string> };
    return { message: error.message, fields: body.errors ?? {} };
  }
  return { message: 'Houve um erro ao tentar processar a sua requisição', fields: {} };
}
