import { sql, type Kysely } from 'kysely';
import type { PlatformDatabase } from '../../../../../generated/database.js';
import './tables.js';

/** A space of the council a request's space belongs to, as the user form offers it. */
export interface CouncilSpace {
  id: number;
  name: string;
  active: boolean;
}

/** The council (tenant) of a space and the space's own config id; null for the default space, which belongs to none. */
export async function councilOf(platform: Kysely<PlatformDatabase>, spaceName: string, isDefault: boolean) {
  if (isDefault) return null;
  const row = await platform.selectFrom('tenant_configs').select(['id', 'tenant_id']).where('tenant_name', '=', spaceName).executeTakeFirst();
  return row ? { tenantId: Number(row.tenant_id), configId: Number(row.id) } : null;
}

/** Every space of one council, by name. */
export async function councilSpaces(platform: Kysely<PlatformDatabase>, tenantId: number): Promise<CouncilSpace[]> {
  const rows = await platform
    .selectFrom('tenant_configs')
    .select(['id', 'tenant_name', 'active'])
    .where('tenant_id', '=', tenantId)
    .orderBy('tenant_name')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.tenant_name, active: row.active }));
}

/** The spaces of a council a person (e-mail, case ignored) works in now, by id. */
export async function memberSpaces(platform: Kysely<PlatformDatabase>, tenantId: number, email: string): Promise<number[]> {
  const rows = await platform
    .selectFrom('space_memberships as m')
    .innerJoin('tenant_configs as c', 'c.id', 'm.tenant_config_id')
    .select('m.tenant_config_id')
    .where(sql<string>`lower(m.email)`, '=', email.trim().toLowerCase())
    .where('m.active', '=', true)
    .where('c.tenant_id', '=', tenantId)
    .orderBy('m.tenant_config_id')
    .execute();
  return rows.map((row) => Number(row.tenant_config_id));
}

export interface MembershipChange {
  email: string;
  tenantConfigId: number;
  /** The space and its user that made the change (null: no user of a space, the server itself). */
  by: { space: string; userId: number | null };
}

/**
 * Records that the person works in the space (again). One row per person and space whatever the
 * number of saves at once: the unique index on (lower(email), space) turns a second insert into an update.
 */
export async function joinSpace(platform: Kysely<PlatformDatabase>, change: MembershipChange): Promise<void> {
  await sql`
    insert into space_memberships (email, tenant_config_id, active, added_in, added_by, added_at)
    values (${change.email}, ${change.tenantConfigId}, true, ${change.by.space}, ${change.by.userId}, now())
    on conflict ((lower(email)), tenant_config_id) do update
      set active = true, email = excluded.email, added_in = excluded.added_in, added_by = excluded.added_by, added_at = now(),
          removed_in = null, removed_by = null, removed_at = null
      where not space_memberships.active`.execute(platform);
}

/** Records that the person no longer works in the space; the row stays, with who removed it and when. */
export async function leaveSpace(platform: Kysely<PlatformDatabase>, change: MembershipChange): Promise<void> {
  await platform
    .updateTable('space_memberships')
    .set({ active: false, removed_in: change.by.space, removed_by: change.by.userId, removed_at: new Date() })
    .where(sql<string>`lower(email)`, '=', change.email.trim().toLowerCase())
    .where('tenant_config_id', '=', change.tenantConfigId)
    .where('active', '=', true)
    .execute();
}
