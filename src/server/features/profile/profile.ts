import { sql, type Kysely } from 'kysely';
import { dynamic } from '../../core/db/dynamic.js';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { recordAudit } from '../../core/audit/record.js';
import { passwordProblems } from '../auth/password-policy.js';
import { revokeOtherTokens, setUserPassword } from '../auth/user-password.js';
import { addError, invalid, notFound, type FieldErrors } from '../../core/http/app-error.js';
import { checkVersion, lockCurrentRow, nextVersion, type ExpectedVersion } from '../../core/resources/versions.js';
import { profileImageProblems } from './image.js';

const FIELDS = ['id', 'name', 'email', 'image_profile', 'last_login', 'current_login', 'updated_at'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The caller's own profile: the logged user's fields (never the password). */
export async function findProfile(db: Kysely<SpaceDatabase>, userId: number) {
  const row = await db.selectFrom('users').select([...FIELDS]).where('id', '=', userId).executeTakeFirst();
  if (!row) throw notFound();
  return { ...row, id: Number(row.id) };
}

interface ProfileChange { name: string; email: string; password: string | null; image?: string | null }

async function readChange(db: Kysely<SpaceDatabase>, userId: number, input: unknown): Promise<ProfileChange> {
  const body = (input ?? {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string).trim() : '');
  const name = text('name');
  const email = text('email').toLowerCase();
  if (name.includes('\u0000')) addError(errors, 'name', 'O campo Nome contém caracteres inválidos.');
  else if (!name) addError(errors, 'name', 'O campo Nome é obrigatório.');
  else if (name.length > 255) addError(errors, 'name', 'O campo Nome deve ter no máximo 255 caracteres.');
  if (email.includes('\u0000')) addError(errors, 'email', 'O campo E-mail contém caracteres inválidos.');
  else if (!email) addError(errors, 'email', 'O campo E-mail é obrigatório.');
  else if (email.length > 255 || !EMAIL.test(email)) addError(errors, 'email', 'Informe um e-mail válido.');
  else {
    const taken = await db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email).where('id', '<>', userId).executeTakeFirst();
    if (taken) addError(errors, 'email', 'Este e-mail já está em uso.');
  }
  // A blank password keeps the current one.
  const password = typeof body.password === 'string' && body.password !== '' ? body.password : null;
  if (password !== null) for (const problem of await passwordProblems(db, password)) addError(errors, 'password', problem);
  if (password !== null && 'password_confirmation' in body && body.password_confirmation !== password) {
    addError(errors, 'password_confirmation', 'A confirmação da senha não confere.');
  }
  const change: ProfileChange = { name, email, password };
  if ('image_profile' in body) {
    const image = body.image_profile;
    if (image === null || image === '') change.image = null;
    else if (typeof image !== 'string') addError(errors, 'image_profile', 'A imagem deve ser JPEG ou PNG.');
    else for (const problem of profileImageProblems(image)) addError(errors, 'image_profile', problem);
    if (typeof image === 'string' && image !== '') change.image = image;
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return change;
}

/**
 * Saves the caller's name, e-mail, image and, when given, new password; a new password ends every
 * other session of the user (the one making the change stays). Audited as an update of the user.
 * `expected` (the version the form was opened at) refuses a save over someone else's change with 409.
 */
export async function updateProfile(db: Kysely<SpaceDatabase>, userId: number, tokenId: number, input: unknown, expected: ExpectedVersion = []) {
  checkVersion(await db.selectFrom('users').select('updated_at').where('id', '=', userId).executeTakeFirst(), expected);
  const change = await readChange(db, userId, input);
  try {
    await writeProfile(db, userId, tokenId, change, expected);
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ email: ['Este e-mail já está em uso.'] });
    throw error;
  }
  return findProfile(db, userId);
}

function writeProfile(db: Kysely<SpaceDatabase>, userId: number, tokenId: number, change: ProfileChange, expected: ExpectedVersion) {
  return db.transaction().execute(async (trx) => {
    const before = await lockCurrentRow(dynamic(trx), 'users', userId, expected);
    if (change.password !== null) {
      await setUserPassword(trx, userId, change.password);
      await revokeOtherTokens(trx, userId, tokenId);
    }
    const values: Record<string, unknown> = { name: change.name, email: change.email, updated_at: nextVersion(before.updated_at) };
    if (change.image !== undefined) values.image_profile = change.image;
    await trx.updateTable('users').set(values).where('id', '=', userId).execute();
    const old: Record<string, unknown> = {};
    const now: Record<string, unknown> = {};
    for (const key of ['name', 'email', 'image_profile'] as const) {
      if (!(key in values) || values[key] === before[key]) continue;
      old[key] = before[key] ?? null;
      now[key] = values[key];
    }
    if (change.password !== null) now.password = change.password;
    if (Object.keys(now).length) {
      await recordAudit(trx, { event: 'updated', userId, module: 'usuarios', recordId: userId, oldValues: old, newValues: now }, ['password']);
    }
  });
}

/** Two profiles saved at once with the same new e-mail: the unique index decides, on the field. */
const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';
