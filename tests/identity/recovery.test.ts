import { restoreEnv } from '../support/env.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { recoveryLink, startSmtpSink, type SmtpSink } from './support/smtp-sink.js';

const APP_URL = 'https://conselho.example.org';
const NEW_PASSWORD = 'Jabuticaba-Azul-42';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`password recovery through a real SMTP server [${kind}]`, () => {
    let sink: SmtpSink;
    let server: TestServer;
    const previous = { SMTP_URL: process.env.SMTP_URL, APP_URL: process.env.APP_URL };
    beforeAll(async () => {
      sink = await startSmtpSink();
      process.env.SMTP_URL = sink.url;
      process.env.APP_URL = APP_URL;
      server = await startTestServer(kind);
    });
    afterAll(async () => {
      await server?.close();
      await sink?.close();
      restoreEnv(previous);
    });

    const anonymous = () => call(server, null);

    async function requestLink(email: string): Promise<{ link: string; token: string; raw: string }> {
      const mail = sink.next(email);
      const answer = await anonymous()('POST', '/api/password/email', { email });
      expect(answer.status).toBe(200);
      const { raw } = await mail;
      const link = recoveryLink(raw);
      return { link, token: link.split('/').pop()!, raw };
    }

    it('mails a pt-BR link that sets a new password once, and ends the old sessions', async () => {
      const user = await userWith(server, []);
      const oldSession = call(server, user.token);
      expect((await oldSession('GET', '/api/auth/me')).status).toBe(200);

      const { link, token, raw } = await requestLink(user.email);
      expect(link).toBe(`${APP_URL}/recuperar_senha/${token}`);
      expect(raw).toMatch(/Subject: =\?UTF-8\?Q\?Recupera=C3=A7=C3=A3o_de_senha\?=|Subject: Recuperação de senha/);
      expect(raw).toContain('60 minutos');

      expect(await anonymous()('GET', `/api/password/reset/${token}`)).toEqual({ status: 200, body: { data: { email: user.email } } });
      const reset = await anonymous()('POST', '/api/password/reset', { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
      expect(reset.status).toBe(200);

      expect((await oldSession('GET', '/api/auth/me')).status).toBe(401);
      expect(await login(server.app, user.email, NEW_PASSWORD)).toBeTruthy();
      const oldPassword = await anonymous()('POST', '/api/auth', { email: user.email, password: user.password });
      expect(oldPassword.status).toBe(422);

      expect((await anonymous()('GET', `/api/password/reset/${token}`)).status).toBe(404);
      const again = await anonymous()('POST', '/api/password/reset', { token, password: 'Outra-Senha-Boa-77', password_confirmation: 'Outra-Senha-Boa-77' });
      expect(again.status).toBe(404);
      expect(await login(server.app, user.email, NEW_PASSWORD)).toBeTruthy();
    });

    it('refuses an expired link with 404', async () => {
      const user = await userWith(server, []);
      const { token } = await requestLink(user.email);
      await server.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', user.id).execute();
      expect((await anonymous()('GET', `/api/password/reset/${token}`)).status).toBe(404);
      const reset = await anonymous()('POST', '/api/password/reset', { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
      expect(reset.status).toBe(404);
      expect(reset.body.message).toMatch(/inválido ou expirado/);
    });

    it('keeps only the newest link, and spends it when the password changes another way', async () => {
      const user = await userWith(server, []);
      const first = await requestLink(user.email);
      const second = await requestLink(user.email);
      expect((await anonymous()('GET', `/api/password/reset/${first.token}`)).status).toBe(404);
      expect((await anonymous()('GET', `/api/password/reset/${second.token}`)).status).toBe(200);
      const profile = call(server, user.token);
      const me = (await profile('GET', '/api/perfil')).body.data;
      expect((await profile('PUT', '/api/perfil', { name: me.name, email: me.email, password: 'Caju-Maduro-2026' })).status).toBe(200);
      expect((await anonymous()('GET', `/api/password/reset/${second.token}`)).status).toBe(404);
    });

    it('answers an unknown address exactly as a known one, and mails nothing', async () => {
      const user = await userWith(server, []);
      const mail = sink.next(user.email);
      const known = await anonymous()('POST', '/api/password/email', { email: user.email });
      await mail;
      const before = sink.messages.length;
      const unknown = await anonymous()('POST', '/api/password/email', { email: 'ninguem.aqui@example.com' });
      expect(unknown).toEqual(known);
      // A link asked for after it arrives after whatever that request would have mailed.
      await requestLink((await userWith(server, [])).email);
      expect(sink.messages.slice(before).flatMap((mail) => mail.to)).not.toContain('ninguem.aqui@example.com');
      expect(sink.messages.length).toBe(before + 1);
    });

    it('mails no more than 5 links to one user in 15 minutes, answering the same', async () => {
      const user = await userWith(server, []);
      for (let i = 0; i < 5; i += 1) await requestLink(user.email);
      const before = sink.messages.length;
      const sixth = await anonymous()('POST', '/api/password/email', { email: user.email });
      expect(sixth).toEqual({ status: 200, body: { message: 'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.' } });
      // A link asked for after it arrives after whatever the sixth request would have mailed.
      await requestLink((await userWith(server, [])).email);
      expect(sink.messages.slice(before).flatMap((mail) => mail.to)).not.toContain(user.email.toLowerCase());
      expect(sink.messages.length).toBe(before + 1);
    });

    it('takes about as long to answer an unknown address as a known one (medians)', async () => {
      const user = await userWith(server, []);
      const timed = async (email: string) => {
        const started = performance.now();
        expect((await anonymous()('POST', '/api/password/email', { email })).status).toBe(200);
        return performance.now() - started;
      };
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[4];
      // The lookup, the link and the mail all happen after the answer, which waits for none of
      // them. Up to three rounds of interleaved pairs; one round within the tolerance passes.
      const close = (k: number, u: number) => Math.abs(k - u) < 2 || (u / k > 0.5 && u / k < 2);
      const rounds: string[] = [];
      for (let round = 0; round < 3; round += 1) {
        const known: number[] = [];
        const unknown: number[] = [];
        for (let i = 0; i < 9; i += 1) {
          known.push(await timed(user.email));
          unknown.push(await timed(`ninguem${round}.${i}@example.com`));
        }
        const [k, u] = [median(known), median(unknown)];
        rounds.push(`${k.toFixed(1)}/${u.toFixed(1)}`);
        console.log(`recovery request medians [${kind}] round ${round + 1}: known e-mail ${k.toFixed(1)} ms, unknown e-mail ${u.toFixed(1)} ms`);
        if (close(k, u)) return;
      }
      expect.fail(`known/unknown medians (ms) never close: ${rounds.join(', ')}`);
    });

    it('checks the new password: confirmation, policy and the token itself', async () => {
      const user = await userWith(server, []);
      const { token } = await requestLink(user.email);
      const mismatch = await anonymous()('POST', '/api/password/reset', { token, password: NEW_PASSWORD, password_confirmation: 'outra' });
      expect(mismatch.status).toBe(422);
      expect(mismatch.body.errors.password_confirmation).toEqual(['A confirmação da senha não confere.']);
      const common = await anonymous()('POST', '/api/password/reset', { token, password: 'senha123', password_confirmation: 'senha123' });
      expect(common.status).toBe(422);
      expect(common.body.errors.password[0]).toMatch(/muito comum/);
      expect((await anonymous()('POST', '/api/password/reset', { token: 'inventado', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })).status).toBe(404);
      // A refused attempt does not spend the link.
      expect((await anonymous()('GET', `/api/password/reset/${token}`)).status).toBe(200);
    });
  });
}
