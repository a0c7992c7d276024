import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../src/server/features/monitoring/check.js';
import { compareUptimeStatus, nextMonitorState, UPTIME_STATUSES } from '../../src/server/features/monitoring/monitor-state.js';

const earlier = new Date('2025-03-01T10:00:00Z');
const now = new Date('2025-03-01T10:05:00Z');
const fresh = {
  uptime_status: 'not yet checked',
  uptime_check_times_failed_in_a_row: 0,
  uptime_status_last_change_date: null,
  uptime_check_failed_event_fired_on_date: null,
};
const up: CheckResult = { ok: true, outcome: 'up', status: 200, responseTimeMs: 42, bodySnippet: 'ok' };
const slow: CheckResult = { ok: true, outcome: 'warning', status: 200, responseTimeMs: 900, reason: 'Tempo de resposta de 900 ms acima do limite de 500 ms.' };
const failed: CheckResult = { ok: false, outcome: 'failure', status: 500, responseTimeMs: 12, reason: 'Resposta HTTP 500 (esperado 2xx).' };

describe('a monitor after a check', () => {
  it('is up after a success, with failures reset and the change dated', () => {
    const patch = nextMonitorState({ ...fresh, uptime_check_times_failed_in_a_row: 1 }, up, now);
    expect(patch).toMatchObject({
      uptime_status: 'up',
      uptime_check_times_failed_in_a_row: 0,
      uptime_check_failure_reason: null,
      uptime_status_last_change_date: now,
      uptime_last_check_date: now,
      uptime_check_last_response_time: 42,
      json_response: { outcome: 'up', status: 200, response_time_ms: 42, body_snippet: 'ok' },
    });
  });

  it('is a warning when slow, keeping why', () => {
    const patch = nextMonitorState({ ...fresh, uptime_status: 'up', uptime_status_last_change_date: earlier }, slow, now);
    expect(patch).toMatchObject({ uptime_status: 'warning', uptime_status_last_change_date: now, uptime_check_failure_reason: slow.reason });
  });

  it('keeps its status on the first failure, counting it and keeping the reason', () => {
    const before = { ...fresh, uptime_status: 'up', uptime_status_last_change_date: earlier };
    const patch = nextMonitorState(before, failed, now);
    expect(patch).toMatchObject({
      uptime_status: 'up',
      uptime_check_times_failed_in_a_row: 1,
      uptime_check_failure_reason: 'Resposta HTTP 500 (esperado 2xx).',
      uptime_status_last_change_date: earlier,
      uptime_last_check_date: now,
      uptime_check_failed_event_fired_on_date: null,
    });
  });

  it('goes down at the threshold, dating the change and the failed event once', () => {
    const patch = nextMonitorState({ ...fresh, uptime_status: 'up', uptime_check_times_failed_in_a_row: 1, uptime_status_last_change_date: earlier }, failed, now);
    expect(patch).toMatchObject({ uptime_status: 'down', uptime_check_times_failed_in_a_row: 2, uptime_status_last_change_date: now, uptime_check_failed_event_fired_on_date: now });

    const later = new Date('2025-03-01T10:06:00Z');
    const still = nextMonitorState({ ...patch, uptime_status: 'down' }, failed, later);
    expect(still).toMatchObject({ uptime_status: 'down', uptime_check_times_failed_in_a_row: 3, uptime_status_last_change_date: now, uptime_check_failed_event_fired_on_date: now });

    const back = nextMonitorState(still, up, later);
    expect(back).toMatchObject({ uptime_status: 'up', uptime_check_times_failed_in_a_row: 0, uptime_status_last_change_date: later, uptime_check_failed_event_fired_on_date: null });
  });

  it('takes a configurable threshold', () => {
    const before = { ...fresh, uptime_status: 'up', uptime_check_times_failed_in_a_row: 1 };
    expect(nextMonitorState(before, failed, now, 3).uptime_status).toBe('up');
    expect(nextMonitorState(before, failed, now, 1).uptime_status).toBe('down');
  });

  it('does not move the last-change date while the status stays', () => {
    const patch = nextMonitorState({ ...fresh, uptime_status: 'up', uptime_status_last_change_date: earlier }, up, now);
    expect(patch.uptime_status_last_change_date).toBe(earlier);
    expect(patch.uptime_last_check_date).toBe(now);
  });
});

describe('the grid order of statuses', () => {
  it('is deleted, not yet checked, down, warning, up', () => {
    const shuffled = ['up', 'warning', 'deleted', 'down', 'not yet checked'];
    expect([...shuffled].sort(compareUptimeStatus)).toEqual([...UPTIME_STATUSES]);
    expect(UPTIME_STATUSES).toEqual(['deleted', 'not yet checked', 'down', 'warning', 'up']);
  });
});
