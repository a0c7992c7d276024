import type { Choice, FieldSpec } from '@kit';

/** The spec's space name: letters, digits and inner underscore, hyphen or dot, alphanumeric at both ends. */
export const SPACE_NAME_PATTERN = '^[A-Za-z0-9]([A-Za-z0-9_.-]*[A-Za-z0-9])?$';

export const TENANT_FIELDS: FieldSpec[] = [
  { source: 'name', kind: 'text', label: 'Nome', required: true, maxLength: 191 },
  { source: 'initials', kind: 'text', label: 'Sigla', required: true, maxLength: 191 },
  { source: 'email', kind: 'email', label: 'E-mail', required: true, maxLength: 191 },
  { source: 'active', kind: 'boolean', label: 'Ativo', required: true, defaultValue: true },
];

/** A space's inputs, `db_type` apart (its choices come from the server's drivers). */
export function spaceFields(prefix: string, options: { pgsql: boolean; existing: boolean }): FieldSpec[] {
  const at = (source: string) => `${prefix}.${source}`;
  const server = options.pgsql;
  return [
    { source: at('tenant_name'), kind: 'text', label: 'Nome do espaço', required: true, maxLength: 191, pattern: SPACE_NAME_PATTERN, helperText: 'Letras, números e _ . - no meio; começa e termina com letra ou número.' },
    { source: at('db_name'), kind: 'text', label: 'Banco de dados', required: true, maxLength: 191 },
    { source: at('db_ip'), kind: 'text', label: 'IP do banco', required: server, maxLength: 191 },
    { source: at('db_port'), kind: 'text', label: 'Porta do banco', required: server, maxLength: 191 },
    { source: at('db_user'), kind: 'text', label: 'Usuário do banco', maxLength: 191 },
    {
      source: at('db_password'),
      kind: 'password',
      label: 'Senha do banco',
      maxLength: 255,
      ...(options.existing ? { helperText: 'Deixe em branco para manter a senha atual.' } : {}),
    },
    { source: at('heartbeat_port'), kind: 'integer', label: 'Porta de heartbeat', minimum: 1, maximum: 65535 },
    { source: at('system_id'), kind: 'reference', label: 'Sistema', required: true, reference: { module: 'sistemas' } },
    { source: at('active'), kind: 'boolean', label: 'Ativo', required: true, defaultValue: true },
    { source: at('monitor_active'), kind: 'boolean', label: 'Monitorar', defaultValue: false },
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
 * The body of a tenant save: a space's password goes only when typed (blank on an existing space keeps
 * the stored one) and never as the mask the server may show instead of it.
 */
export function tenantBody(values: Record<string, unknown>): Record<string, unknown> {
  const spaces = Array.isArray(values.tenant_configs) ? (values.tenant_configs as SpaceValues[]) : [];
  const { id: _id, created_at: _c, updated_at: _u, ...tenant } = values;
  return {
    ...tenant,
    tenant_configs: spaces.map((space) => {
      const { db_password, initial_admin: _admin, created_at: _sc, updated_at: _su, ...rest } = space;
      const typed = typeof db_password === 'string' && db_password !== '' && db_password !== '[PROTEGIDO]';
      return typed ? { ...rest, db_password } : rest;
    }),
  };
}
