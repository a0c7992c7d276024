/** Heartbeat monitors: one per space with monitor_active, following the space and its system. */
import { beforeEach, describe, expect, it } from 'vitest';
import { heartbeatUrl, markHeartbeatDeleted, syncSpaceHeartbeat, syncSystemHeartbeats } from '../../src/server/features/monitoring/heartbeat.js';
import { describeOnDatabases } from '../support/databases.js';
import { MIGRATIONS } from '../../src/server/features.js';

describe('the heartbeat address of a space', () => {
  it('is the system url on the heartbeat port, at /api/health', () => {
    expect(heartbeatUrl('conselho.org.br', 8443)).toBe('http://conselho.org.br:8443/api/health');
    expect(heartbeatUrl('conselho.org.br', null)).toBe('http://conselho.org.br/api/health');
    expect(heartbeatUrl('https://conselho.org.br/app/', '9000')).toBe('https://conselho.org.br:9000/app/api/health');
    expect(heartbeatUrl('', 80)).toBeNull();
    expect(heartbeatUrl(null, 80)).toBeNull();
    expect(heartbeatUrl('não é endereço', 80)).toBeNull();
  });
});

describeOnDatabases(
  'heartbeat monitors in the platform database',
  (getDb) => {
    let systemId: number;
    const monitorOf = (tenantName: string) => getDb().selectFrom('monitors').selectAll().where('service_name', '=', tenantName).execute();
    const space = (values: Record<string, unknown> = {}) => ({ tenant_name: 'crt-sul', monitor_active: true, heartbeat_port: 8081, system_id: systemId, ...values });

    beforeEach(async () => {
      await getDb().deleteFrom('monitors').execute();
      await getDb().deleteFrom('tenant_configs').execute();
      await getDb().deleteFrom('systems').execute();
      ({ id: systemId } = await getDb().insertInto('systems').values({ name: 'Sistema Sul', prefix: 'SUL', url: 'sul.conselho.org.br' }).returning('id').executeTakeFirstOrThrow());
    });

    it('a space with monitor_active gets one monitor for its system; once, however often it is saved', async () => {
      await syncSpaceHeartbeat(getDb(), space());
      await syncSpaceHeartbeat(getDb(), space());
      const monitors = await monitorOf('crt-sul');
      expect(monitors).toHaveLength(1);
      expect(monitors[0]).toMatchObject({
        url: 'http://sul.conselho.org.br:8081/api/health', service_name: 'crt-sul', system_name: 'Sistema Sul',
        uptime_status: 'not yet checked', uptime_check_enabled: true, uptime_check_interval_in_minutes: 1, uptime_check_method: 'get',
      });
    });

    it('without monitor_active, or without a system url, no monitor is made', async () => {
      await syncSpaceHeartbeat(getDb(), space({ monitor_active: false }));
      await syncSpaceHeartbeat(getDb(), space({ tenant_name: 'sem-sistema', system_id: null }));
      expect(await getDb().selectFrom('monitors').selectAll().execute()).toEqual([]);
    });

    it('turned off it is marked deleted; turned on again it starts over; a new port moves it', async () => {
      await syncSpaceHeartbeat(getDb(), space());
      await getDb().updateTable('monitors').set({ uptime_status: 'down', uptime_check_times_failed_in_a_row: 4, uptime_last_check_date: new Date() }).execute();
      await syncSpaceHeartbeat(getDb(), space({ monitor_active: false }));
      expect((await monitorOf('crt-sul'))[0]).toMatchObject({ uptime_status: 'deleted' });

      await syncSpaceHeartbeat(getDb(), space());
      expect((await monitorOf('crt-sul'))[0]).toMatchObject({ uptime_status: 'not yet checked', uptime_check_times_failed_in_a_row: 0, uptime_last_check_date: null });

      await getDb().updateTable('monitors').set({ uptime_status: 'up' }).execute();
      await syncSpaceHeartbeat(getDb(), space({ heartbeat_port: 9090 }));
      expect((await monitorOf('crt-sul'))[0]).toMatchObject({ url: 'http://sul.conselho.org.br:9090/api/health', uptime_status: 'not yet checked' });
    });

    it('a removed space leaves its monitor marked deleted; a system change moves its spaces\' monitors', async () => {
      const { id: tenantId } = await getDb().insertInto('tenants').values({ name: 'Conselho Sul', initials: 'CS', email: 'sul@example.com' }).returning('id').executeTakeFirstOrThrow();
      await getDb().insertInto('tenant_configs').values({ tenant_id: tenantId, db_type: 'pglite', db_name: 'crt-sul', ...space() }).execute();
      await syncSpaceHeartbeat(getDb(), space());
      await getDb().updateTable('systems').set({ name: 'Sistema Sul Novo', url: 'novo.conselho.org.br' }).where('id', '=', systemId).execute();
      await syncSystemHeartbeats(getDb(), systemId);
      expect((await monitorOf('crt-sul'))[0]).toMatchObject({ url: 'http://novo.conselho.org.br:8081/api/health', system_name: 'Sistema Sul Novo' });

      await markHeartbeatDeleted(getDb(), 'crt-sul');
      const [gone] = await monitorOf('crt-sul');
      expect(gone.uptime_status).toBe('deleted');
      expect(gone.uptime_status_last_change_date).toBeInstanceOf(Date);
    });
  },
  { migrations: MIGRATIONS.platform },
);
