import { HttpError } from 'ra-core';
import { firstMessages } from '../../http/client';

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

/**
 * A form's answer to a refused save: each field's first message on its input, or, when the server
 * named no field, its message in a notification.
 */
export function formErrors(error: unknown, notify: (message: string, options: { type: 'error' }) => void): Record<string, string> | undefined {
  const failure = failureOf(error);
  if (Object.keys(failure.fields).length === 0) notify(failure.message, { type: 'error' });
  return firstMessages(failure.fields);
}
