/**
 * Deadline reminders through the API and the reminders' turn, on both databases, mailed to a real
 * SMTP server on loopback: N business days before the end (weekends and holidays skipped), on expiry,
 * each type's settings, nothing for a completed deadline, a pendency's supervisors reminded, 'Meus
 * prazos' showing only the caller's deadlines, a failed send tried again, a crash between claim and
 * send recovered, and the outbox folder when no SMTP server is configured.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReminderTurn } from '../../src/server/features/deadlines/reminders/run.js';
import { createMailer, mailSettings, type Mailer } from '../../src/server/core/mail/index.js';
import { ADMIN_EMAIL, call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { startSmtpSink, type SmtpSink } from '../identity/support/smtp-sink.js';
import { readable } from './support/mail.js';

/** A moment of the council's clock (America/Sao_Paulo, UTC−3) as an instant. */
const at = (moment: string) => new Date(`${moment.replace(' ', 'T')}-03:00`);
// Tuesday 07/09/2027 is Independence Day; a deadline of 5 business days from Wednesday 01/09 ends on
// Thursday 09/09 (02, 03, 06, 08, 09), and 3 business days before it is Friday 03/09 (08, 06, 03).
const BASE = '2027-09-01 10:00:00';
const END = '2027-09-09 23:59:59';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`deadline reminders [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let sink: SmtpSink;
    let mailer: Mailer;
    const types: Record<string, number> = {};
    const supervisors: { id: number; email: string; token: string | null }[] = [];
    let actionId: number;
    let pendencyTypeId: number;
    const turn = (moment: string, options: { mailer?: Mailer; staleSeconds?: number } = {}) =>
      runReminderTurn(server.db, { mailer: options.mailer ?? mailer, now: at(moment), appUrl: 'https://conselho.example.org', staleSeconds: options.staleSeconds });
    const mailsTo = (email: string) => sink.messages.filter((m) => m.to.includes(email.toLowerCase())).map((m) => readable(m.raw));
    const created = async (path: string, values: Record<string, unknown>) => {
      const answer = await api('POST', path, values);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
      return answer.body.data as Record<string, any>;
    };
    const deadline = async (type: string) => Number((await created('/api/deadlines/', { deadline_type_id: types[type], amount: 5, base_moment: BASE })).id);
    const mailsAbout = (email: string, id: number) => mailsTo(email).filter((text) => text.includes(`Prazo nº ${id}`));
    const reminderRows = (deadlineId: number) => server.db.selectFrom('deadline_reminders').selectAll().where('deadline_id', '=', deadlineId).orderBy('id').execute();

    beforeAll(async () => {
      sink = await startSmtpSink();
      mailer = createMailer({ ...mailSettings({}, tmpdir()), smtpUrl: sink.url });
      server = await startTestServer(kind, { env: { DEADLINE_REMINDER_INTERVAL_MS: '0' } });
      api = call(server, server.adminToken);
      const type = async (denomination: string, reminders: Record<string, unknown>) =>
        Number((await created('/api/tipos_prazo', { denomination, alterability: 1, time_unit: 3, counting_way: 1, ...reminders })).id);
      types.both = await type('Defesa prévia', { reminder_business_days: 3, remind_on_expiry: true });
      types.none = await type('Manifestação', { reminder_business_days: null, remind_on_expiry: false });
      types.expiryOnly = await type('Recurso', { reminder_business_days: 0, remind_on_expiry: true });

      const party = async (name: string, code: string, behaveLike: number) => {
        const row = await server.db.selectFrom('party_types').select('id').where('code', '=', code).executeTakeFirstOrThrow();
        return Number((await server.db.insertInto('parties').values({ name, behave_like: behaveLike, party_type_id: row.id }).returning('id').executeTakeFirstOrThrow()).id);
      };
      const sequence = Number((await created('/api/sequencias', { name: 'Ações', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false, formatting: 'AF-{numero}' })).id);
      const company = await party('Construtora Alfa Ltda', 'pessoa_juridica', 2);
      const rapporteur = await party('Ana Relatora', 'funcionario', 1);
      const inspection = Number((await created('/api/fiscalizacoes', { inspection_type_id: Number((await created('/api/tipos_fiscalizacao', { denomination: 'Rotina' })).id), sequence_id: sequence, inspected_id: company, start_date: '2027-08-30' })).id);
      const actionType = Number((await created('/api/tipos_acao_fiscalizacao', { denomination: 'Vistoria' })).id);
      supervisors.push(await userWith(server, []), await userWith(server, []));
      actionId = Number((await created('/api/acoes_fiscalizacao', {
        inspection_action_type_id: actionType, inspection_id: inspection, inspected_id: company, rapporteur_id: rapporteur, sequence_id: sequence,
        start_date: '2027-08-31', supervisors: supervisors.map((s) => ({ user_id: s.id })),
      })).id);
      pendencyTypeId = Number((await created('/api/tipos_pendencias', { denomination: 'Apresentar ART', deadline_type_id: types.both, deadline_amount: 5 })).id);
    }, 120_000);

    afterAll(async () => {
      await server?.close();
      await sink?.close();
    });

    it('keeps the reminder settings on the deadline type, checked', async () => {
      const shown = (await api('GET', `/api/tipos_prazo/${types.both}`)).body.data;
      expect(shown).toMatchObject({ reminder_business_days: 3, remind_on_expiry: true });
      const bad = await api('POST', '/api/tipos_prazo', { denomination: 'Errado', alterability: 1, time_unit: 3, counting_way: 1, reminder_business_days: -1 });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.errors)).toEqual(['reminder_business_days']);
      const tooMany = await api('POST', '/api/tipos_prazo', { denomination: 'Errado', alterability: 1, time_unit: 3, counting_way: 1, reminder_business_days: 61 });
      expect(tooMany.body.errors.reminder_business_days).toBeDefined();
    });

    it('mails N business days before the end, skipping the weekend and the holiday, once; then on expiry, once', async () => {
      const id = await deadline('both');
      expect((await api('GET', `/api/deadlines/histories/${id}`)).body.data.deadline_moment).toBe(END);
      await turn('2027-09-02 18:00:00');
      expect(mailsAbout(ADMIN_EMAIL, id)).toEqual([]);

      await turn('2027-09-03 07:00:00');
      const before = mailsAbout(ADMIN_EMAIL, id);
      expect(before).toHaveLength(1);
      expect(before[0]).toContain(`Subject: Prazo "Defesa prévia" vence em 09/09/2027: Prazo nº ${id}`);
      expect(before[0]).toContain(`O prazo "Defesa prévia" de Prazo nº ${id} vence em 09/09/2027 às 23:59:59 (faltam 3 dias úteis).`);
      expect(before[0]).toContain('https://conselho.example.org/meus_prazos');

      await turn('2027-09-03 15:00:00');
      await turn('2027-09-06 09:00:00');
      await turn('2027-09-09 23:59:00');
      expect(mailsAbout(ADMIN_EMAIL, id)).toHaveLength(1);

      await turn('2027-09-10 00:00:30');
      const all = mailsAbout(ADMIN_EMAIL, id);
      expect(all).toHaveLength(2);
      expect(all[1]).toContain(`Subject: Prazo vencido: "Defesa prévia" venceu em 09/09/2027: Prazo nº ${id}`);
      await turn('2027-09-10 10:00:00');
      expect(mailsAbout(ADMIN_EMAIL, id)).toHaveLength(2);
      expect((await reminderRows(id)).map((r) => [r.kind, r.status, r.attempts])).toEqual([['before', 2, 1], ['expiry', 2, 1]]);
    });

    it('follows each type: no reminder at all, or on expiry only; none for a completed deadline', async () => {
      const none = await deadline('none');
      const expiryOnly = await deadline('expiryOnly');
      const completed = await deadline('both');
      expect((await api('POST', '/api/deadlines/completion', { deadline_id: completed, base_moment: '2027-09-02 10:00:00' })).status).toBe(200);
      for (const moment of ['2027-09-03 08:00:00', '2027-09-06 08:00:00', '2027-09-10 08:00:00']) await turn(moment);
      expect(mailsAbout(ADMIN_EMAIL, none)).toEqual([]);
      expect(mailsAbout(ADMIN_EMAIL, completed)).toEqual([]);
      const expired = mailsAbout(ADMIN_EMAIL, expiryOnly);
      expect(expired).toHaveLength(1);
      expect(expired[0]).toContain('Subject: Prazo vencido: "Recurso" venceu em 09/09/2027');
    });

    it("reminds a pendency's supervisors, lists it in their 'Meus prazos' only, and stops once it is resolved", async () => {
      const pendency = await created('/api/pendencias_acao_fiscalizacao', { inspection_action_id: actionId, pendency_type_id: pendencyTypeId, base_moment: BASE });
      expect(pendency.deadline_moment).toBe(END);
      await turn('2027-09-03 08:00:00');
      for (const supervisor of supervisors) {
        const mails = mailsTo(supervisor.email).filter((text) => text.includes('Pendência'));
        expect(mails).toHaveLength(1);
        expect(mails[0]).toMatch(/Subject: Prazo "Defesa prévia" vence em 09\/09\/2027: Pendência nº \d+ \(Apresentar ART\) da ação de fiscalização AF-\d+/);
      }
      const mine = await call(server, supervisors[0].token)('GET', '/api/deadlines/mine');
      expect(mine.status).toBe(200);
      expect(mine.body.data).toHaveLength(1);
      expect(mine.body.data[0]).toMatchObject({
        id: pendency.deadline_id, deadline_type: 'Defesa prévia', deadline_moment: END, status_label: 'Em andamento',
        record_path: `/pendencias_acao_fiscalizacao/${pendency.id}/show`,
        reminders: [{ kind: 'before', kind_label: 'Lembrete antes do vencimento', due_date: '2027-09-09', status: 2, status_label: 'Enviado' }],
      });
      const stranger = await userWith(server, [{ name: 'deadline.index' }]);
      expect((await call(server, stranger.token)('GET', '/api/deadlines/mine')).body.data).toEqual([]);
      expect((await call(server, null)('GET', '/api/deadlines/mine')).status).toBe(401);
      const admins = (await api('GET', '/api/deadlines/mine')).body.data as { id: number }[];
      expect(admins.map((row) => row.id)).not.toContain(pendency.deadline_id);

      const resolved = await api('PUT', `/api/pendencias_acao_fiscalizacao/${pendency.id}/conclude`, { end_date: '2027-09-06' });
      expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
      await turn('2027-09-10 08:00:00');
      for (const supervisor of supervisors) expect(mailsTo(supervisor.email).filter((text) => text.includes('Pendência'))).toHaveLength(1);
      expect((await call(server, supervisors[0].token)('GET', '/api/deadlines/mine')).body.data).toEqual([]);
    });

    it('tries a failed send again later, and sends once a claim whose process died before sending', async () => {
      const id = await deadline('expiryOnly');
      const refused = createMailer({ ...mailSettings({}, tmpdir()), smtpUrl: 'smtp://127.0.0.1:9/?connectionTimeout=2000' });
      const failing = await turn('2027-09-10 08:00:00', { mailer: refused });
      expect(failing.failed).toBeGreaterThanOrEqual(1);
      const [row] = await reminderRows(id);
      expect(row).toMatchObject({ kind: 'expiry', status: 3, attempts: 1 });
      await turn('2027-09-10 08:00:30');
      expect(mailsAbout(ADMIN_EMAIL, id)).toEqual([]);
      await turn('2027-09-10 08:02:00');
      expect(mailsAbout(ADMIN_EMAIL, id)).toHaveLength(1);
      expect((await reminderRows(id)).map((r) => [r.status, r.attempts])).toEqual([[2, 2]]);

      // A process claimed this one and was killed before sending: the claim waits its stale time, then goes once.
      const crashed = await deadline('expiryOnly');
      const admin = await server.db.selectFrom('users').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow();
      await server.db.insertInto('deadline_reminders').values({ deadline_id: crashed, kind: 'expiry', due_date: '2027-09-09', user_id: admin.id, email: ADMIN_EMAIL, status: 1, attempts: 1, claimed_at: at('2027-09-10 08:00:00') }).execute();
      await turn('2027-09-10 08:05:00', { staleSeconds: 600 });
      expect(mailsAbout(ADMIN_EMAIL, crashed)).toEqual([]);
      await turn('2027-09-10 08:11:00', { staleSeconds: 600 });
      await turn('2027-09-10 08:12:00', { staleSeconds: 600 });
      expect(mailsAbout(ADMIN_EMAIL, crashed)).toHaveLength(1);
      expect((await reminderRows(crashed)).map((r) => [r.status, r.attempts])).toEqual([[2, 2]]);
    });

    it('keeps the message in the outbox folder when no SMTP server is configured', async () => {
      const id = await deadline('expiryOnly');
      const dataDir = mkdtempSync(join(tmpdir(), 'reminders-outbox-'));
      try {
        await turn('2027-09-10 09:00:00', { mailer: createMailer(mailSettings({}, dataDir), () => undefined) });
        const files = readdirSync(join(dataDir, 'outbox')).filter((file) => file.endsWith('.eml'));
        const texts = files.map((file) => readable(readFileSync(join(dataDir, 'outbox', file), 'utf8'))).filter((text) => text.includes(`Prazo nº ${id}`));
        expect(texts).toHaveLength(1);
        expect(texts[0]).toContain(`To: ${ADMIN_EMAIL}`);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
