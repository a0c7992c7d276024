import { failureOf } from '../../pages/bare/failure';

/** A refused request as a dialog shows it: each field's first message (422), else the server's message (403, 409). */
export interface Refusal {
  fields: Record<string, string>;
  message: string | null;
}

export const NO_REFUSAL: Refusal = { fields: {}, message: null };

/**
 * The refusal of `error`: on the fields the dialog shows (`shown`), else as one message — a field the
 * dialog has no input for (the accounts of a payment) reads as the message.
 */
export function refusalOf(error: unknown, shown: readonly string[]): Refusal {
  const failure = failureOf(error);
  const all = failure.fields;
  const fields = Object.fromEntries(Object.entries(all).filter(([field]) => shown.includes(field)));
  const other = Object.entries(all).find(([field]) => !shown.includes(field))?.[1];
  return { fields, message: other ?? (Object.keys(fields).length ? null : failure.message) };
}
