import { describe, expect, it } from 'vitest';
import { fieldChanges } from '../../src/web/screens/auditoria/changes';
import { AUDIT_EVENTS, eventName, fieldLabel, moduleName } from '../../src/web/screens/auditoria/events';

describe('an audit entry side by side', () => {
  it('pairs each field before and after, marking what changed, secrets as the server masked them', () => {
    expect(fieldChanges({ name: 'Ana', password: '[PROTEGIDO]', active: true }, { name: 'Ana Maria', password: '[PROTEGIDO]', active: false })).toEqual([
      { field: 'name', before: 'Ana', after: 'Ana Maria', changed: true },
      { field: 'password', before: '[PROTEGIDO]', after: '[PROTEGIDO]', changed: false },
      { field: 'active', before: 'Sim', after: 'Não', changed: true },
    ]);
  });

  it('reads a list of items one item per parenthesis, dates DD/MM/YYYY', () => {
    expect(fieldChanges({}, { permissions: [{ name: 'civilStatus.index', granted: true, expires_at: '2030-12-31' }] })).toEqual([
      { field: 'permissions', before: '', after: '(name: civilStatus.index, granted: Sim, expires_at: 31/12/2030)', changed: true },
    ]);
  });

  it('shows a creation with nothing before and a deletion with nothing after', () => {
    expect(fieldChanges(null, { denomination: 'Solteiro' })).toEqual([{ field: 'denomination', before: '', after: 'Solteiro', changed: true }]);
    expect(fieldChanges('{"denomination":"Solteiro"}', {})).toEqual([{ field: 'denomination', before: 'Solteiro', after: '', changed: true }]);
  });
});

describe('the names a person reads in the audit log', () => {
  it('gives every event of the log a pt-BR name', () => {
    expect(AUDIT_EVENTS.map((e) => e.id)).toEqual([
      'created', 'updated', 'deleted', 'attached', 'detached', 'added_permission', 'removed_permission',
      'added_role', 'removed_role', 'added_tenant_config', 'removed_tenant_config', 'archived', 'unarchived', 'exported', 'printed', 'print_failed',
      'kept_as_document', 'not_kept_as_document', 'restored',
      'added_occurrences', 'removed_occurrence', 'canceled', 'reactivated', 'concluded', 'paused', 'resumed',
      'step_started', 'task_started', 'task_finished',
      'creation', 'simulation', 'alteration', 'suspension', 'reactivation', 'completion', 'cancellation',
      'certificate_issued', 'certificate_revoked', 'year_reset',
    ]);
    expect(eventName('year_reset')).toBe('Ano da sequência reposto');
    expect(eventName('restored')).toBe('Restauração de versão');
    expect(eventName('task_finished')).toBe('Tarefa executada');
    expect(eventName('suspension')).toBe('Prazo suspenso');
    expect(eventName('added_permission')).toBe('Permissão incluída');
    expect(eventName('kept_as_document')).toBe('Guardado como documento');
    expect(eventName('archived')).toBe('Arquivamento');
  });

  it("names modules and fields as their screens do", () => {
    expect(moduleName('estados_civis')).toBe('Estados civis');
    expect(fieldLabel('estados_civis', 'denomination')).toBe('Denominação');
    expect(fieldLabel('estados_civis', 'unknown_field')).toBe('unknown_field');
  });
});
