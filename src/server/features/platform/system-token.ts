import { createHash, randomBytes } from 'node:crypto';
import type { PlatformDatabase } from '../../../../generated/database.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';

/** The stored form of a system token: its SHA-256 (the token is 32 random bytes, so no slow hash is needed). */
export const hashSystemToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * `sistemas`: the server generates the system's token on insert, stores only its digest and shows the
 * token once, in the create answer; it is never returned again (the field is write-only).
 */
export const systemToken: ModuleHooks<PlatformDatabase> = {
  transforms: ['system_token'],
  async afterWrite(trx, { mode, record }) {
    if (mode !== 'create') return;
    const token = randomBytes(32).toString('base64url');
    await trx.updateTable('systems').set({ system_token: hashSystemToken(token) }).where('id', '=', Number(record.id)).execute();
    record.system_token = token;
  },
};
