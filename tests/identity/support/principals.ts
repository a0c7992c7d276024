/**
 * The principals of the authorization matrix, made once per database through the API itself (as
 * an administrator would): users with direct grants, roles, and users holding those roles.
 */
import { sql } from 'kysely';
import { entityActions, type ResourceAction } from '../../../src/server/core/resources/permissions.js';
import { call, login, type TestServer } from '../../api/support/server.js';

export const ACTIONS: ResourceAction[] = ['index', 'show', 'store', 'update', 'destroy'];
export type Holder = 'exact' | 'role' | 'notGranted' | 'expired';
export type Principal = 'anonymous' | 'none' | Holder | 'admin';
export const PRINCIPALS: Principal[] = ['anonymous', 'none', 'exact', 'role', 'notGranted', 'expired', 'admin'];

/** Bearer tokens: one per principal, and per action for those whose grants name one action. */
export interface Principals {
  token(principal: Principal, action: ResourceAction): string | null;
}

const PASSWORD = 'Matriz-Forte-2026!';

export async function makePrincipals(server: TestServer): Promise<Principals> {
  const api = call(server, server.adminToken);
  const post = async (url: string, body: unknown) => {
    const response = await api('POST', url, body);
    if (response.status !== 201) throw new Error(`${url}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data.id as number;
  };
  const { rows } = await sql<{ day: string }>`select (current_date - 1)::text as day`.execute(server.db);
  const yesterday = rows[0].day;
  /** Every catalogue name of one action, over all modules. */
  const namesOf = (action: ResourceAction) => [
    ...new Set(server.model.entities.flatMap((e) => {
      // The insert's own name: `.store`, or `.generate` where inserting a record generates it (reports).
      const own = action === 'store' && e.insertPermission === 'generate' ? 'generate' : action;
      return entityActions(e).includes(own) ? [`${e.permission}.${own}`] : [];
    })),
  ];
  const grants = (action: ResourceAction, extra: Record<string, unknown> = {}) =>
    namesOf(action).map((name) => ({ name, granted: true, expires_at: null, ...extra }));

  let n = 0;
  const user = async (permissions: unknown[], roles: number[] = []) => {
    n += 1;
    const email = `matriz${n}@example.com`;
    await post('/api/usuarios', { name: `Matriz ${n}`, email, password: PASSWORD, active: true, permissions, roles });
    return login(server.app, email, PASSWORD);
  };

  const tokens = new Map<string, string>();
  tokens.set('none', await user([{ name: 'workflow.execute', granted: true, expires_at: null }]));
  for (const action of ACTIONS) {
    const role = await post('/api/papeis', { name: `Papel ${action}`, permissions: grants(action) });
    tokens.set(`exact.${action}`, await user(grants(action)));
    tokens.set(`role.${action}`, await user([], [role]));
    tokens.set(`notGranted.${action}`, await user(grants(action, { granted: false })));
    tokens.set(`expired.${action}`, await user(grants(action, { expires_at: yesterday })));
  }
  return {
    token(principal, action) {
      if (principal === 'anonymous') return null;
      if (principal === 'admin') return server.adminToken;
      if (principal === 'none') return tokens.get('none')!;
      return tokens.get(`${principal}.${action}`)!;
    },
  };
}
