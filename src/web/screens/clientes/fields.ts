import { withoutHidden, type Choice, type FieldSpec, type FormMode } from '@kit';
import { inputs } from '@generated/web/clientes/form';

/** A field of a space as the schema gives it (the tenant form's sub-list of spaces). */
export function spaceField(source: string, mode: FormMode = 'edit'): FieldSpec {
  const found = inputs(mode).tenant_configs.sublist.fields.find((field) => field.source === source);
  if (!found) throw new Error(`O espaço de um cliente não tem o campo '${source}'.`);
  return found;
}

/** The spec's space name: letters, digits and inner underscore, hyphen or dot, alphanumeric at both ends. */
export const SPACE_NAME_PATTERN = spaceField('tenant_name').pattern!;

/**
 * A space's inputs, `db_type` apart (its choices come from the server's drivers): the schema's, in the
 * editor's order (a server database's address and port shown, and required, for PostgreSQL only, as
 * the schema's `x-when` says), with what the editor knows beyond them: the password is typed hidden
 * and kept when left blank, and a space names its system.
 */
export function spaceFields(prefix: string, options: { existing: boolean }): FieldSpec[] {
  const mode: FormMode = options.existing ? 'edit' : 'create';
  const at = (source: string, change: Partial<FieldSpec> = {}): FieldSpec => ({ ...spaceField(source, mode), ...change, source: `${prefix}.${source}` });
  return [
    at('tenant_name'),
    at('db_name'),
    at('db_ip'),
    at('db_port'),
    at('db_user'),
    at('db_password', { kind: 'password', ...(options.existing ? { helperText: 'Deixe em branco para manter a senha atual.' } : {}) }),
    at('heartbeat_port'),
    at('system_id', { required: true }),
    at('active'),
    at('monitor_active'),
  ];
}

/** `GET /api/clientes/available_drivers` as choices, whatever shape the combo takes (map or list). */
export function driverChoices(json: unknown): Choice[] {
  const data = json && typeof json === 'object' && 'data' in json ? (json as { data: unknown }).data : json;
  if (Array.isArray(data)) {
    return data.map((item) => {
      const record = item as Record<string, unknown>;
      const id = record.id ?? record.value ?? record.key;
      return { id: String(id), name: String(record.name ?? record.label ?? record.text ?? id) };
    });
  }
  if (data && typeof data === 'object') return Object.entries(data).map(([id, name]) => ({ id, name: String(name) }));
  return [];
}

export const yesNo = (value: unknown) => (value === true || value === 'true' || value === 1 ? 'Sim' : 'Não');

export interface SpaceValues {
  id?: number | string;
  tenant_name?: string;
  db_type?: string;
  db_name?: string;
  db_ip?: string | null;
  db_port?: string | null;
  db_user?: string | null;
  db_password?: string | null;
  heartbeat_port?: number | null;
  system_id?: number | string | null;
  active?: boolean;
  monitor_active?: boolean;
  [other: string]: unknown;
}

/**
 * The body of a tenant save: hidden fields left out, a space's password goes only when typed (blank on an existing space keeps
 * the stored one) and never as the mask the server may show instead of it.
 */
export function tenantBody(form: Record<string, unknown>): Record<string, unknown> {
  // A field the space's type hides (a server address for an embedded database) is not sent.
  const values = withoutHidden(inputs('edit'))(form);
  const spaces = Array.isArray(values.tenant_configs) ? (values.tenant_configs as SpaceValues[]) : [];
  // `updated_at` stays: it is the version the form opened, and a save over a newer one is refused (409).
  const { id: _id, created_at: _c, ...tenant } = values;
  return {
    ...tenant,
    tenant_configs: spaces.map((space) => {
      const { db_password, initial_admin: _admin, created_at: _sc, updated_at: _su, ...rest } = space;
      const typed = typeof db_password === 'string' && db_password !== '' && db_password !== '[PROTEGIDO]';
      return typed ? { ...rest, db_password } : rest;
    }),
  };
}
