/**
 * Two server processes (the compiled `src/server/main.ts`) on one PostgreSQL database, each running
 * the deadline reminders' loop every 100 ms and mailing through one real SMTP server on loopback:
 * every reminder due arrives exactly once, counted at the SMTP server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { councilMoment } from '../../src/server/features/deadlines/reminders/dates.js';
import { addMinutes } from '../../src/server/features/deadlines/moment.js';
import { openDatabase, type DatabaseHandle } from '../../src/server/core/db/index.js';
import { startSmtpSink, type SmtpSink } from '../identity/support/smtp-sink.js';
import { callJson, moreTurns, startServerProcess, type ServerProcess } from '../monitoring/support/server-process.js';
import { createTestTarget, type TestTarget } from '../support/databases.js';
import { subjectOf } from './support/mail.js';

const ADMIN = { email: 'admin@example.com', password: 'senha-do-admin' };
const EACH = 6;

describe('deadline reminders from two server processes on one PostgreSQL', () => {
  let target: TestTarget;
  let sink: SmtpSink;
  let first: ServerProcess;
  let second: ServerProcess;
  let db: DatabaseHandle;
  let token: string;
  const dataDirs: string[] = [];
  const subjects = () => sink.messages.filter((m) => m.to.includes(ADMIN.email)).map((m) => subjectOf(m.raw));

  beforeAll(async () => {
    sink = await startSmtpSink();
    target = await createTestTarget('postgres', 'platformAndSpace');
    const env = (name: string) => {
      const dataDir = mkdtempSync(join(tmpdir(), `test-reminders-${name}-`));
      dataDirs.push(dataDir);
      return { DATABASE_URL: (target.target as { url: string }).url, DATA_DIR: dataDir, SMTP_URL: sink.url, DEADLINE_REMINDER_INTERVAL_MS: '100', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    };
    // The second starts once the first has migrated the database, as a rolling start would.
    first = await startServerProcess(env('a'));
    second = await startServerProcess(env('b'));
    db = await openDatabase(target.target);
    const login = await callJson(first.origin, 'POST', '/api/auth', undefined, ADMIN);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    token = login.body.data.token;
  }, 240_000);

  afterAll(async () => {
    const codes = await Promise.all([first?.stop(), second?.stop()]);
    expect(codes).toEqual([0, 0]);
    await db?.close();
    await target?.drop();
    await sink?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('mails each reminder due once: N business days before the end, and on expiry', async () => {
    const created = async (origin: string, path: string, body: Record<string, unknown>) => {
      const answer = await callJson(origin, 'POST', path, token, body);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
      return answer.body.data as Record<string, any>;
    };
    const now = councilMoment(new Date());
    const soon = Number((await created(first.origin, '/api/tipos_prazo', { denomination: 'Defesa prévia', alterability: 1, time_unit: 3, counting_way: 1, reminder_business_days: 2, remind_on_expiry: false })).id);
    const hours = Number((await created(first.origin, '/api/tipos_prazo', { denomination: 'Resposta urgente', alterability: 1, time_unit: 2, remind_on_expiry: true })).id);
    const ids: number[] = [];
    for (let index = 0; index < EACH; index += 1) {
      // Ends 2 business days after today: its reminder is due today. Created through either process.
      ids.push(Number((await created(index % 2 ? second.origin : first.origin, '/api/deadlines/', { deadline_type_id: soon, amount: 2, base_moment: now })).id));
      // Ended two hours ago: its expiry is due.
      ids.push(Number((await created(index % 2 ? first.origin : second.origin, '/api/deadlines/', { deadline_type_id: hours, amount: 1, base_moment: addMinutes(now, -180) })).id));
    }
    await expect.poll(() => subjects().length, { timeout: 30_000, interval: 100 }).toBe(2 * EACH);
    // Many more turns of both loops: nothing is mailed twice.
    await moreTurns([first, second], 'deadline-reminders', 10);
    const mailed = subjects();
    expect(mailed).toHaveLength(2 * EACH);
    expect(new Set(mailed).size).toBe(2 * EACH);
    for (const id of ids) expect(mailed.filter((subject) => subject.endsWith(`Prazo nº ${id}`))).toHaveLength(1);
    expect(mailed.filter((subject) => subject.startsWith('Prazo "Defesa prévia" vence em'))).toHaveLength(EACH);
    expect(mailed.filter((subject) => subject.startsWith('Prazo vencido: "Resposta urgente"'))).toHaveLength(EACH);
    const rows = await db.db.selectFrom('deadline_reminders' as never).select(['status', 'attempts'] as never).execute() as { status: number; attempts: number }[];
    expect(rows).toHaveLength(2 * EACH);
    expect(rows.every((row) => Number(row.status) === 2 && Number(row.attempts) === 1)).toBe(true);
  }, 120_000);
});
