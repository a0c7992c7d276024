import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { call } from '../../api/support/server.js';
import type { Post } from './configuration.js';

/** The id of the row of `table` whose `column` holds `value` (there must be one). */
export async function rowId(db: Kysely<any>, table: string, column: string, value: unknown): Promise<number> {
  return Number((await db.selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow()).id);
}

/**
 * Saves through the API and answers the saved record: a create must answer 201 and an update 200,
 * or the test fails naming the path and the answer.
 */
export function saving(api: () => ReturnType<typeof call>): Post {
  return async (path, body, method = 'POST') => {
    const answer = await api()(method, path, body);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(method === 'POST' ? 201 : 200);
    return answer.body.data as Record<string, any> & { id: number };
  };
}
