import { dictionary } from '@zxcvbn-ts/language-common';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { invalid } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import { integerParameter } from '../parameters/store.js';

/** Security standards ask for 8; the parameter may lower it to the specification's 3. */
export const DEFAULT_MIN_LENGTH = 8;
export const MAX_LENGTH = 255;
export const MIN_LENGTH_PARAMETER = 'password_min_length';

let common: Set<string> | null = null;

/** The 49,233 most common passwords (zxcvbn's list), lower-cased; built on first use. */
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((word) => String(word).toLowerCase()));
  return common;
}

export async function minimumPasswordLength(db: Kysely<SpaceDatabase>): Promise<number> {
  return integerParameter(db, MIN_LENGTH_PARAMETER, DEFAULT_MIN_LENGTH);
}

/**
 * What is wrong with a new password, as messages for the `password` field (empty when it is fine).
 * @example await passwordProblems(db, 'senha123') // ['Esta senha é muito comum. Escolha uma senha mais difícil de adivinhar.']
 */
export async function passwordProblems(db: Kysely<SpaceDatabase>, password: string): Promise<string[]> {
  const minimum = await minimumPasswordLength(db);
  const problems: string[] = [];
  const length = [...password].length;
  if (length < minimum) problems.push(`A senha deve ter pelo menos ${minimum} caracteres.`);
  if (length > MAX_LENGTH) problems.push(`A senha deve ter no máximo ${MAX_LENGTH} caracteres.`);
  if (commonPasswords().has(password.toLowerCase())) problems.push('Esta senha é muito comum. Escolha uma senha mais difícil de adivinhar.');
  return problems;
}

/** usuarios: a password given on create or edit must pass the policy (blank on edit keeps the old one). */
export const passwordPolicy: ModuleHooks<SpaceDatabase> = {
  async beforeWrite(trx, { body }) {
    if (typeof body.password !== 'string' || body.password === '') return;
    const problems = await passwordProblems(trx, body.password);
    if (problems.length) throw invalid({ password: problems });
  },
};
