/**
 * Report engine types and design types through the API, on PGlite and PostgreSQL: the server's
 * address and login asked for only with an external server and its password never answered; a
 * design file recognised by its content (a JSON design, a .jrxml, a compiled .jasper).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedDesign } from '../../src/server/features/reports/builtin/designs/index.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { call, startTestServer, type TestServer } from '../api/support/server.js';

const JRXML = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<jasperReport xmlns="http://jasperreports.sourceforge.net/jasperreports" name="pessoas"/>\n');
const JASPER = Buffer.from([0xac, 0xed, 0x00, 0x05, 0x73, 0x72, 0x00, 0x28]);

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`report engine and design types [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;

    const upload = async (field: string, name: string, bytes: Buffer) => {
      const boundary = `----desenho${Date.now()}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await server.app.inject({ method: 'POST', url: `/api/tipo_design_relatorio/files/${field}`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${server.adminToken}` }, payload });
      return { status: response.statusCode, body: JSON.parse(response.body) };
    };

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
    }, 60_000);
    afterAll(() => server?.close());

    it('asks for the server address and login only with an external server, and never answers the password', async () => {
      const internal = await api('POST', '/api/tipo_gerador_relatorio', { name: 'Motor interno do conselho', report_engine: 2, engine_version: '1' });
      expect(internal.status, JSON.stringify(internal.body)).toBe(201);
      expect(internal.body.data).toMatchObject({ external_server: false, server_url: null, server_login: null });
      const missing = await api('POST', '/api/tipo_gerador_relatorio', { name: 'Jasper', report_engine: 1, engine_version: '8.2.0', external_server: true });
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({ server_url: ['O campo Endereço do servidor é obrigatório.'], server_login: ['O campo Usuário do servidor é obrigatório.'] });
      const jasper = await api('POST', '/api/tipo_gerador_relatorio', {
        name: 'Jasper', report_engine: 1, engine_version: '8.2.0', external_server: true,
        server_url: 'https://relatorios.conselho.org.br/jasperserver', server_login: 'jasperadmin', server_password: 'segredo',
      });
      expect(jasper.status, JSON.stringify(jasper.body)).toBe(201);
      expect(jasper.body.data).not.toHaveProperty('server_password');
      const stored = await server.db.selectFrom('report_engine_types').select('server_password').where('id', '=', jasper.body.data.id).executeTakeFirstOrThrow();
      expect(stored.server_password).toBe('segredo');
    });

    it('takes a JSON design, a .jrxml and a compiled .jasper by their content, and refuses text that is not JSON', async () => {
      const design = await upload('file', 'municipios.json', shippedDesign('cities'));
      expect(design.status, JSON.stringify(design.body)).toBe(201);
      expect(design.body.data).toMatchObject({ name: 'municipios.json', content_type: 'application/json' });
      const jrxml = await upload('file', 'pessoas.jrxml', JRXML);
      expect(jrxml.status, JSON.stringify(jrxml.body)).toBe(201);
      expect(jrxml.body.data).toMatchObject({ name: 'pessoas.jrxml', content_type: 'application/xml' });
      const withBom = await upload('file', 'windows.json', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), shippedDesign('cities')]));
      expect(withBom.status, JSON.stringify(withBom.body)).toBe(201);
      const notJson = await upload('file', 'desenho.json', Buffer.from('{ "title": "sem fim"'));
      expect(notJson.status).toBe(422);
      expect(notJson.body.errors).toEqual({ file: ['O arquivo enviado não é do tipo permitido: json, jrxml, xml.'] });
      const compiled = await upload('compiled_file', 'pessoas.jasper', JASPER);
      expect(compiled.status, JSON.stringify(compiled.body)).toBe(201);
      expect(compiled.body.data).toMatchObject({ name: 'pessoas.jasper', content_type: 'application/x-java-serialized-object' });

      const engine = await api('POST', '/api/tipo_gerador_relatorio', { name: 'Interno', report_engine: 2, engine_version: '1' });
      const created = await api('POST', '/api/tipo_design_relatorio', {
        name: 'Municípios de cada UF', file: design.body.data.id, compiled_file: null, version: '1', owners: ['uf', 'municipios'],
        report_engine_type_id: engine.body.data.id, processing_complexity: 2,
        parameters: [{ name: 'uf_id', label: 'UF', type: 'reference', module: 'uf', required: false }],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data).toMatchObject({ owners: ['municipios', 'uf'], processing_complexity: 2, file: { name: 'municipios.json' } });
      expect(created.body.data.parameters).toMatchObject([{ name: 'uf_id', label: 'UF', type: 'reference', module: 'uf', required: false }]);
    });

    it("asks a reference parameter which registry it offers, and knows that registry", async () => {
      const engine = await api('POST', '/api/tipo_gerador_relatorio', { name: 'Interno 2', report_engine: 2, engine_version: '1' });
      const design = await upload('file', 'municipios.json', shippedDesign('cities'));
      const body = (parameter: Record<string, unknown>) => ({
        name: `Com parâmetro ${Math.random()}`, file: design.body.data.id, owners: ['municipios'], report_engine_type_id: engine.body.data.id, processing_complexity: 1,
        parameters: [{ name: 'uf_id', label: 'UF', type: 'reference', required: false, ...parameter }],
      });
      const missing = await api('POST', '/api/tipo_design_relatorio', body({}));
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({ 'parameters.0.module': ['O campo Cadastro é obrigatório.'] });
      const unknown = await api('POST', '/api/tipo_design_relatorio', body({ module: 'naves_espaciais' }));
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors).toEqual({ 'parameters.0.module': ['Cadastro desconhecido: naves_espaciais.'] });
      // A text parameter keeps no registry, whatever was sent.
      const text = await api('POST', '/api/tipo_design_relatorio', body({ type: 'text', module: 'uf' }));
      expect(text.status, JSON.stringify(text.body)).toBe(201);
      expect(text.body.data.parameters[0].module).toBeNull();
    });
  });
}