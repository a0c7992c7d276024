import type { Field } from '../../../language/index.js';
import { hashPassword } from './passwords.js';

/**
 * The column values of a validated body: only form fields with a column, and passwords as their
 * argon2id hash. Fields absent from the body are absent here (an update leaves them alone).
 */
export async function storedValues(fields: Field[], body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.column === null || !field.inForm || field.kind === 'id' || !(field.name in body)) continue;
    const value = body[field.name];
    values[field.column] = field.kind === 'password' && typeof value === 'string' ? await hashPassword(value) : value;
  }
  return values;
}
