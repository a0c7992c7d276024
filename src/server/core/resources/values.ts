import type { Field } from '../../../../language/index.js';
import { hashPassword } from './passwords.js';

/**
 * The column values of a validated body: only form fields with a column, and passwords as their
 * argon2id hash, choices as JSON text. Fields absent from the body are absent here (an update leaves them alone).
 */
export async function storedValues(fields: Field[], body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.column === null || !field.inForm || field.kind === 'id' || !(field.name in body)) continue;
    const value = body[field.name];
    if (field.kind === 'password' && typeof value === 'string') values[field.column] = await hashPassword(value);
    // jsonb as JSON text: the driver would send an array as a PostgreSQL array.
    else if (field.kind === 'choices') values[field.column] = JSON.stringify(value ?? []);
    else if (field.kind === 'json' && value !== null && value !== undefined) values[field.column] = JSON.stringify(value);
    else values[field.column] = value;
  }
  return values;
}
