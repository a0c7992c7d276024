import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

const PALETTE_MESSAGE = 'Escolha uma cor da paleta: Azul, Vermelho, Roxo, Verde, Amarelo, Laranja, Branco, Preto.';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`parameters of each type [${kind}]`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind);
      // A yes/no parameter, as a feature would add in its migration: none of the seeded ones is.
      await server.db.insertInto('parameters').values({ name: 'notify_by_sms', label: 'Avisar por SMS', scope: 'back', type: 'boolean', default_value: 'false' }).execute();
    });
    afterAll(() => server?.close());

    const admin = () => call(server, server.adminToken);
    const front = (value: unknown, name = 'theme_color', useDefault = false) => ({ front: [{ name, value, useDefault }] });
    const stored = (name: string) => server.db.selectFrom('parameters').select(['value', 'use_default']).where('name', '=', name).executeTakeFirstOrThrow();

    it('seeds the theme colour (the palette\'s blue) and the system name among the front parameters', async () => {
      const { status, body } = await admin()('GET', '/api/parametros');
      expect(status).toBe(200);
      expect(body.data.front).toEqual([
        { name: 'system_name', label: 'Nome do sistema', type: 'text', value: null, defaultValue: null, useDefault: true, minimum: null, maximum: null },
        { name: 'theme_color', label: 'Cor do tema', type: 'color', value: null, defaultValue: '#3ac9d6', useDefault: true, minimum: null, maximum: null },
      ]);
    });

    it('gives the front parameters to any signed-in person, by load-parameters and in the initial load', async () => {
      const nobody = await userWith(server, []);
      const loaded = await call(server, nobody.token)('GET', '/api/parametros/load-parameters');
      expect(loaded.status).toBe(200);
      expect(loaded.body.data.map((p: { name: string }) => p.name)).toEqual(['system_name', 'theme_color']);
      const load = await call(server, nobody.token)('GET', '/api/load');
      expect(load.body.data.parameters).toEqual(loaded.body.data);
      expect((await call(server, null)('GET', '/api/parametros/load-parameters')).status).toBe(401);
      expect((await call(server, nobody.token)('GET', '/api/parametros')).status).toBe(403);
    });

    it('refuses a value of the wrong type on its own field, and writes nothing of the body', async () => {
      const cases: [unknown, string, string][] = [
        ['#123456', 'theme_color', PALETTE_MESSAGE],
        ['vermelho', 'theme_color', PALETTE_MESSAGE],
        [12, 'theme_color', PALETTE_MESSAGE],
        ['x'.repeat(256), 'system_name', 'O valor deve ter no máximo 255 caracteres.'],
        [{ nome: 'x' }, 'system_name', 'O valor deve ser um texto, um número ou sim/não.'],
        [['Conselho'], 'system_name', 'O valor deve ser um texto, um número ou sim/não.'],
        ['', 'system_name', 'Informe o valor de Nome do sistema.'],
      ];
      for (const [value, name, message] of cases) {
        const answer = await admin()('PUT', '/api/parametros', { front: [{ name: 'system_name', value: 'Conselho Sul', useDefault: false }, { name, value, useDefault: false }] });
        expect(answer.status, JSON.stringify(value)).toBe(422);
        expect(answer.body.errors['front.1.value']).toEqual([message]);
      }
      const yesNo = await admin()('PUT', '/api/parametros', { back: [{ name: 'notify_by_sms', value: 'talvez', useDefault: false }] });
      expect(yesNo.body.errors['back.0.value']).toEqual(['O valor deve ser sim ou não.']);
      const integer = await admin()('PUT', '/api/parametros', { back: [{ name: 'password_min_length', value: '8.5', useDefault: false }] });
      expect(integer.body.errors['back.0.value']).toEqual(['O valor deve ser um número inteiro.']);
      expect(await stored('system_name')).toEqual({ value: null, use_default: true });
      expect(await stored('theme_color')).toEqual({ value: null, use_default: true });
    });

    it('sets aside a value that could not be kept while the default is in force', async () => {
      const answer = await admin()('PUT', '/api/parametros', { back: [{ name: 'password_min_length', value: 'oito', useDefault: true }] });
      expect(answer.status).toBe(200);
      expect(await stored('password_min_length')).toEqual({ value: null, use_default: true });
    });

    it('stores a palette colour however it is written, yes/no as true/false, and audits each change', async () => {
      const before = await server.db.selectFrom('audits').select((eb) => eb.fn.countAll<string>().as('n')).where('module', '=', 'parametros').executeTakeFirstOrThrow();
      expect((await admin()('PUT', '/api/parametros', front(' #F44336 '))).status).toBe(200);
      expect(await stored('theme_color')).toEqual({ value: '#f44336', use_default: false });
      expect((await admin()('PUT', '/api/parametros', front('#000'))).status).toBe(200);
      expect(await stored('theme_color')).toEqual({ value: '#000000', use_default: false });
      expect((await admin()('PUT', '/api/parametros', { back: [{ name: 'notify_by_sms', value: true, useDefault: false }] })).status).toBe(200);
      expect(await stored('notify_by_sms')).toEqual({ value: 'true', use_default: false });
      const audits = await server.db.selectFrom('audits').select(['old_values', 'new_values']).where('module', '=', 'parametros').orderBy('id').execute();
      expect(audits.length - Number(before.n)).toBe(3);
      const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
      expect(parse(audits.at(-2)!.old_values)).toMatchObject({ name: 'theme_color', value: '#f44336' });
      expect(parse(audits.at(-2)!.new_values)).toMatchObject({ name: 'theme_color', value: '#000000' });
    });

    it('lets only parameter.update save, and keeps a chain of audits when people save at once', async () => {
      const reader = await userWith(server, [{ name: 'parameter.index' }]);
      expect((await call(server, reader.token)('GET', '/api/parametros')).status).toBe(200);
      expect((await call(server, reader.token)('PUT', '/api/parametros', front('#4caf50'))).status).toBe(403);
      const colours = ['#3ac9d6', '#f44336', '#9c27b0', '#4caf50', '#ffeb3b', '#ff9800', '#ffffff', '#000000'];
      const first = await server.db.selectFrom('audits').select('id').where('module', '=', 'parametros').orderBy('id', 'desc').executeTakeFirstOrThrow();
      const answers = await Promise.all(colours.map((colour) => admin()('PUT', '/api/parametros', front(colour))));
      expect(answers.map((a) => a.status)).toEqual(colours.map(() => 200));
      const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
      const chain = await server.db.selectFrom('audits').select(['old_values', 'new_values']).where('module', '=', 'parametros').where('id', '>', first.id).orderBy('id').execute();
      // Each save audits what the one before it left: no two audits start from the same value.
      for (let i = 1; i < chain.length; i++) expect(parse(chain[i].old_values).value).toBe(parse(chain[i - 1].new_values).value);
      expect(parse(chain.at(-1)!.new_values).value).toBe((await stored('theme_color')).value);
    });
  });
}
