import type { SpaceDatabase } from '../../../../generated/database.js';
import type { ReadHooks } from '../../core/resources/read-hooks.js';

/** A control account answers, beside the account it relates to, the accounts related to it (`related_control_accounts`). */
export const relatedControlAccounts: ReadHooks<SpaceDatabase> = {
  async show(record, { db }) {
    record.related_control_accounts = await db
      .selectFrom('control_accounts')
      .select(['id', 'formatted_number'])
      .where('related_control_account_id', '=', record.id as number)
      .orderBy('id')
      .execute();
  },
};
