/**
 * The form's side of the rules between fields: a conditional field shown and sent only while its
 * condition holds (`withoutHidden`), the schema's own messages, an IP address and a start no later
 * than its end, in the server's words; and a module open to 'any' signed-in person in the route rules.
 */
import { describe, expect, it } from 'vitest';
import { inputs } from '../../generated/web/clientes/form';
import { isShown, withoutHidden } from '../../src/web/kit/conditions';
import type { FieldSpec } from '../../src/web/kit/types';
import { fieldChecks } from '../../src/web/kit/validation';
import { allows, menuFlags } from '../../src/web/providers/permissions';
import { menuRequirements } from '../../src/web/providers/routeRules';

const run = (spec: FieldSpec, value: unknown, values: Record<string, unknown> = {}) => fieldChecks(spec).map((check) => check(value, values)).find(Boolean);

const specs: Record<string, FieldSpec> = {
  service_type: { source: 'service_type', kind: 'enum', label: 'Tipo de serviço', required: true },
  host: { source: 'host', kind: 'text', label: 'Servidor', format: 'ip', when: { field: 'service_type', in: [1], required: true } },
  port: { source: 'port', kind: 'text', label: 'Porta', when: { field: 'host', in: ['10.0.0.1'] } },
  inspectors: {
    source: 'inspectors', kind: 'sublist', label: 'Fiscais',
    sublist: { itemLabel: 'fiscal', fields: [
      { source: 'origin', kind: 'enum', label: 'Origem' },
      { source: 'company', kind: 'text', label: 'Empresa', when: { field: 'origin', in: ['externo'], required: true } },
    ] },
  },
};

describe('conditional fields in the form', () => {
  it('shows a field while its condition holds, and hides those that hang on a hidden one', () => {
    const all = Object.values(specs);
    expect(isShown(specs.host, { service_type: 1 }, all)).toBe(true);
    expect(isShown(specs.host, { service_type: '1' }, all)).toBe(true);
    expect(isShown(specs.host, { service_type: 3 }, all)).toBe(false);
    expect(isShown(specs.port, { service_type: 3, host: '10.0.0.1' }, all)).toBe(false);
    expect(isShown(specs.port, { service_type: 1, host: '10.0.0.1' }, all)).toBe(true);
  });

  it('sends no hidden field, in the form or in a sub-list row', () => {
    const body = withoutHidden(specs)({
      service_type: 3, host: '10.0.0.1', port: '21', name: 'kept',
      inspectors: [{ origin: 'interno', company: 'Sobra' }, { origin: 'externo', company: 'Auditora' }],
    });
    expect(body).toEqual({ service_type: 3, name: 'kept', inspectors: [{ origin: 'interno' }, { origin: 'externo', company: 'Auditora' }] });
  });

  it("leaves a tenant space's server address out for an embedded database", () => {
    const body = withoutHidden(inputs('edit'))({ name: 'C', tenant_configs: [{ db_type: 'pglite', db_ip: '10.0.0.1', db_port: '5432' }, { db_type: 'pgsql', db_ip: '10.0.0.2', db_port: '5432' }] });
    expect(body.tenant_configs).toEqual([{ db_type: 'pglite' }, { db_type: 'pgsql', db_ip: '10.0.0.2', db_port: '5432' }]);
  });

  it("keeps an embedded space's system, which is required only for PostgreSQL (hide: false)", () => {
    const body = withoutHidden(inputs('edit'))({ name: 'C', tenant_configs: [{ db_type: 'pglite', system_id: 4 }] });
    expect(body.tenant_configs).toEqual([{ db_type: 'pglite', system_id: 4 }]);
  });
});

describe('rule messages, IP addresses and order in the form', () => {
  it("says the schema's own message for a rule, with {label} and {n} filled in", () => {
    const spec: FieldSpec = { source: 'inspectors', kind: 'text', label: 'Fiscais', required: true, maxLength: 3, messages: { required: 'A lista de fiscais é obrigatória!', maxLength: '{label}: até {n}.' } };
    expect(run(spec, '')).toBe('A lista de fiscais é obrigatória!');
    expect(run(spec, 'abcd')).toBe('Fiscais: até 3.');
  });

  it('checks an IP address of either version', () => {
    expect(run(specs.host, 'servidor')).toBe('O campo Servidor deve ser um endereço IP válido.');
    expect(run(specs.host, '192.168.1.20')).toBeUndefined();
    expect(run(specs.host, 'fe80::1')).toBeUndefined();
    expect(run({ ...specs.host, format: 'ipv4' }, 'fe80::1')).toBe('O campo Servidor deve ser um endereço IP válido.');
  });

  it('refuses an end before its start, on the end field', () => {
    const end: FieldSpec = { source: 'valid_until', kind: 'date', label: 'Válido até', notBefore: { field: 'valid_from', message: 'A data inicial não pode ser posterior à data final.' } };
    expect(run(end, '2026-05-01', { valid_from: '2026-05-02' })).toBe('A data inicial não pode ser posterior à data final.');
    expect(run(end, '2026-05-02', { valid_from: '2026-05-02' })).toBeUndefined();
    expect(run(end, '2026-05-01', {})).toBeUndefined();
  });
});

describe("a module open to 'any' signed-in person", () => {
  const partyTypes = { name: 'tipos_parte_x', permission: 'partyType', insertPermission: 'store' as const, access: 'any' as const };
  it('opens every route and the menu entry to someone who holds nothing but being signed in', () => {
    for (const action of ['list', 'create', 'edit', 'show', 'update', 'delete']) expect(allows(['any'], partyTypes, action)).toBe(true);
    expect(menuRequirements(partyTypes)).toEqual(['any']);
    expect(menuFlags([partyTypes], ['any']).partyType).toBe(true);
    expect(allows(['any'], { ...partyTypes, access: undefined }, 'list')).toBe(false);
  });
});
