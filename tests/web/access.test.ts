import { describe, expect, it } from 'vitest';
import {
  accessMap,
  allows,
  grantedName,
  menuFlags,
  meets,
  permissionNames,
  RESERVED_SYSTEM_NAME,
} from '../../src/web/providers/permissions';

const estados = { name: 'estados_civis', permission: 'civilStatus', insertPermission: 'store' as const };
const auditoria = { name: 'auditoria', permission: 'audit', insertPermission: 'store' as const, operations: { list: true, show: true, create: false, update: false, delete: false } };

describe('the permissions a person holds (from /api/load)', () => {
  it("joins direct and role permissions, adds 'any', and drops what is not granted or expired", () => {
    const held = permissionNames(
      {
        me: {
          permissions: [
            { name: 'civilStatus.index', granted: true, expires_at: null },
            { name: 'gender.index', granted: false, expires_at: null },
            { name: 'bank.index', granted: true, expires_at: '2024-05-09' },
            { name: 'bank.show', granted: true, expires_at: '2024-05-10' },
          ],
          roles: [{ permissions: [{ name: 'role.index', granted: true, expires_at: null }, 'user.index'] }],
        },
      },
      '2024-05-10',
    );
    expect(held.sort()).toEqual(['any', 'bank.show', 'civilStatus.index', 'role.index', 'user.index']);
  });

  it("adds 'magnetar-index' only for the reserved system name, whatever its case", () => {
    expect(RESERVED_SYSTEM_NAME).toBe('magnetar');
    expect(permissionNames({ tenant: { system_name: 'MagNetar' } })).toContain('magnetar-index');
    expect(permissionNames({ tenant: { system_name: 'Conselho Regional' } })).not.toContain('magnetar-index');
    expect(permissionNames({ tenant: null })).toEqual(['any']);
  });

  it('reads a plain name as granted, and an expiry on the day itself as still valid', () => {
    expect(grantedName('admin', '2024-01-01')).toBe('admin');
    expect(grantedName({ name: 'a.index', expires_at: '2024-01-01 00:00:00' }, '2024-01-01')).toBe('a.index');
  });
});

describe('the access map of the tenant permissions', () => {
  it("keys 'area.action' as area + capitalised action, valued the name or 'admin'", () => {
    expect(accessMap(['civilStatus.index', 'civilStatus.store', 'admin', 'controlAccount.show'])).toEqual({
      civilStatusIndex: 'civilStatus.index|admin',
      civilStatusStore: 'civilStatus.store|admin',
      controlAccountShow: 'controlAccount.show|admin',
      admin: 'admin',
    });
  });

  it('grants an entry to whoever holds the name or admin', () => {
    const map = accessMap(['civilStatus.index']);
    expect(meets(['civilStatus.index'], map.civilStatusIndex)).toBe(true);
    expect(meets(['admin'], map.civilStatusIndex)).toBe(true);
    expect(meets(['civilStatus.show'], map.civilStatusIndex)).toBe(false);
  });
});

describe('the route rules', () => {
  it('needs index for the list, store for insert, show or update for a record', () => {
    expect(allows(['civilStatus.index'], estados, 'list')).toBe(true);
    expect(allows(['civilStatus.index'], estados, 'create')).toBe(false);
    expect(allows(['civilStatus.store'], estados, 'create')).toBe(true);
    expect(allows(['civilStatus.update'], estados, 'edit')).toBe(true);
  });

  it('offers no insert, save or delete on a read-only module, even to admin', () => {
    for (const action of ['create', 'update', 'delete']) expect(allows(['admin'], auditoria, action)).toBe(false);
    expect(allows(['audit.index'], auditoria, 'list')).toBe(true);
    expect(allows(['audit.show'], auditoria, 'edit')).toBe(true);
    expect(allows(['any'], auditoria, 'list')).toBe(false);
  });

  it("applies the specific requirements: report.generate, monitor.insert, 'magnetar-index', 'any' routes", () => {
    const relatorio = { name: 'relatorio', permission: 'report', insertPermission: 'store' as const };
    expect(allows(['report.store'], relatorio, 'create')).toBe(false);
    expect(allows(['report.generate'], relatorio, 'create')).toBe(true);
    const monitores = { name: 'monitores', permission: 'monitor', insertPermission: 'store' as const };
    expect(allows(['monitor.insert'], monitores, 'create')).toBe(true);
    const sistemas = { name: 'sistemas', permission: 'system', insertPermission: 'store' as const };
    expect(allows(['system.store'], sistemas, 'create')).toBe(false);
    expect(allows(['magnetar-index'], sistemas, 'edit')).toBe(true);
    const tipos = { name: 'tipos_parte', permission: 'partyType', insertPermission: 'store' as const };
    expect(allows(['any'], tipos, 'list')).toBe(true);
    const perfil = { name: 'perfil', permission: 'profile', insertPermission: 'store' as const };
    expect(allows(['any'], perfil, 'edit')).toBe(true);
  });

  it('turns the menu flags on from index permissions, monitor on by default', () => {
    expect(menuFlags([estados, auditoria], ['civilStatus.index'])).toEqual({ monitor: true, civilStatus: true, audit: false });
  });
});
