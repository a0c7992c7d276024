/**
 * The Jasper engine against a stand-in JasperReports Server on loopback: the REST v2 calls in order,
 * one session, the parameters passed, and each failure a ReportError in pt-BR.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Model } from '../../language/index.js';
import { ReportError, type ReportEngineSettings, type ReportFormat } from '../../src/server/features/reports/engine.js';
import { engineFor } from '../../src/server/features/reports/engines.js';
import { builtinEngine } from '../../src/server/features/reports/builtin/engine.js';
import { reportParameters, reportUnitUri } from '../../src/server/features/reports/jasper/design.js';
import { jasperEngine, type JasperOptions } from '../../src/server/features/reports/jasper/engine.js';
import { parseAllowedHosts } from '../../src/server/core/net/outbound.js';
import { LOGIN, PASSWORD, startJasperStandIn, type StandIn } from './jasper-server.js';

const jrxml = (unit: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<jasperReport xmlns="http://jasperreports.sourceforge.net/jasperreports" name="pessoas" pageWidth="595">
  <property name="ireport.jasperserver.url" value="http://relatorios.example/jasperserver/"/>
  <property name="ireport.jasperserver.reportUnit" value="${unit}"/>
</jasperReport>`);

let standIn: StandIn;
beforeAll(async () => {
  standIn = await startJasperStandIn();
});
afterAll(() => standIn?.close());

const LOOPBACK: JasperOptions = { allowedHosts: parseAllowedHosts('127.0.0.1'), pollMs: 5 };

function render(unit: string, options: { engine?: Partial<ReportEngineSettings>; jasper?: JasperOptions; format?: ReportFormat; parameters?: Record<string, unknown>; signal?: AbortSignal } = {}) {
  const engine: ReportEngineSettings = { id: 1, reportEngine: 1, engineVersion: '8.2.0', externalServer: true, serverUrl: standIn.url, serverLogin: LOGIN, serverPassword: PASSWORD, ...options.engine };
  return jasperEngine(options.jasper ?? LOOPBACK).render({
    design: { id: 7, name: 'Cadastro de pessoas', file: jrxml(unit), compiledFile: null, parameters: [], version: '1' },
    engine,
    parameters: options.parameters ?? {},
    format: options.format ?? 'pdf',
    db: null as never,
    model: null as unknown as Model,
    access: { userId: 1, may: () => true },
    signal: options.signal ?? new AbortController().signal,
  });
}

describe('Jasper engine', () => {
  it('starts the execution, polls its status, reads it and downloads the file, in one session', async () => {
    standIn.requests.length = 0;
    const output = await render('/reports/conselho/pessoas', { parameters: { uf_id: 25, nome: 'Ana', vazio: '' } });
    expect(output.fileName).toBe('cadastro-de-pessoas.pdf');
    const text = output.bytes.toString();
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain('/reports/conselho/pessoas pdf {"reportParameter":[{"name":"uf_id","value":["25"]},{"name":"nome","value":["Ana"]}]}');
    const lines = standIn.requests.map((r) => r.line.replace(/[0-9a-f-]{36}/g, '{id}'));
    expect(lines).toEqual([
      'POST /jasperserver/rest_v2/reportExecutions',
      'GET /jasperserver/rest_v2/reportExecutions/{id}/status',
      'GET /jasperserver/rest_v2/reportExecutions/{id}/status',
      'GET /jasperserver/rest_v2/reportExecutions/{id}/status',
      'GET /jasperserver/rest_v2/reportExecutions/{id}',
      'GET /jasperserver/rest_v2/reportExecutions/{id}/exports/{id}/outputResource',
    ]);
    const [first, ...rest] = standIn.requests;
    expect(first.cookie).toBeUndefined();
    const session = rest[0].cookie;
    expect(session).toMatch(/^JSESSIONID=/);
    expect(rest.every((r) => r.cookie === session)).toBe(true);
  });

  it('asks for the format of the report', async () => {
    expect((await render('/reports/conselho/pessoas', { format: 'csv' })).bytes.toString()).toContain(' csv ');
    expect((await render('/reports/conselho/pessoas', { format: 'xlsx' })).fileName).toBe('cadastro-de-pessoas.xlsx');
  });

  it('says the server refused the login', async () => {
    await expect(render('/reports/conselho/pessoas', { engine: { serverPassword: 'errada' } })).rejects.toThrow(new ReportError('O servidor de relatórios recusou o usuário e a senha do tipo de gerador.'));
  });

  it('passes on why the server could not make the report', async () => {
    await expect(render('/reports/conselho/falha')).rejects.toThrow(new ReportError('O servidor de relatórios não conseguiu gerar o relatório: Fonte de dados indisponível'));
    await expect(render('/reports/conselho/nao_existe')).rejects.toThrow(new ReportError('O servidor de relatórios não conseguiu gerar o relatório: Resource /reports/conselho/nao_existe not found'));
  });

  it('refuses a server on the machine itself or a private network unless its host is allowed', async () => {
    await expect(render('/reports/conselho/pessoas', { jasper: { allowedHosts: parseAllowedHosts('') } }))
      .rejects.toThrow(new ReportError('O endereço do servidor de relatórios não é permitido: Endereço não permitido: máquina local (loopback).'));
    await expect(render('/reports/conselho/pessoas', { engine: { serverUrl: 'http://10.0.0.8/jasperserver' } }))
      .rejects.toThrow(new ReportError('O endereço do servidor de relatórios não é permitido: Endereço não permitido: rede privada.'));
    await expect(render('/reports/conselho/pessoas', { engine: { serverUrl: 'file:///etc/passwd' } }))
      .rejects.toThrow(new ReportError('O endereço do servidor de relatórios não é permitido: Endereço não permitido: use http ou https.'));
  });

  it('needs an external server', async () => {
    await expect(render('/reports/conselho/pessoas', { engine: { externalServer: false } })).rejects.toThrow(new ReportError('O tipo de gerador não indica o servidor JasperReports que gera os relatórios.'));
  });

  it('gives up a report the server does not finish in time, and stops when the job is given up, cancelling it on the server', async () => {
    standIn.requests.length = 0;
    await expect(render('/reports/conselho/eterno', { jasper: { ...LOOPBACK, timeoutMs: 150 } })).rejects.toThrow(new ReportError('O servidor de relatórios não terminou o relatório a tempo.'));
    expect(standIn.requests.at(-1)?.line).toMatch(/^PUT \/jasperserver\/rest_v2\/reportExecutions\/[\w-]+\/status$/);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('parado')), 50);
    await expect(render('/reports/conselho/eterno', { signal: controller.signal })).rejects.toThrow('parado');
    // The execution given up is cancelled on the server, in the session that started it.
    const cancelled = standIn.requests.at(-1)!;
    expect(cancelled.line).toMatch(/^PUT .*\/status$/);
    expect(cancelled.cookie).toMatch(/^JSESSIONID=/);
  });

  it('reads the report unit from the .jrxml, or from its name, and refuses anything else', () => {
    expect(reportUnitUri(jrxml('/reports/conselho/pessoas'))).toBe('/reports/conselho/pessoas');
    expect(reportUnitUri(Buffer.from('<jasperReport xmlns="x" name="fiscalizacoes">'))).toBe('/reports/fiscalizacoes');
    expect(() => reportUnitUri(Buffer.from('{"version": 1}'))).toThrow(new ReportError('O desenho não é um .jrxml do JasperReports: não nomeia o relatório no servidor.'));
    expect(() => reportUnitUri(jrxml('/reports/../etc'))).toThrow(ReportError);
    expect(reportParameters({ a: [1, 2], b: true, c: null })).toEqual({ reportParameter: [{ name: 'a', value: ['1', '2'] }, { name: 'b', value: ['true'] }] });
  });

  it('is the engine an engine type of JasperReports names; the built-in engine for the other', () => {
    const settings: ReportEngineSettings = { id: 1, reportEngine: 2, engineVersion: '1', externalServer: false, serverUrl: null, serverLogin: null, serverPassword: null };
    expect(engineFor(settings)).toBe(builtinEngine);
    expect(engineFor({ ...settings, reportEngine: 1 })).not.toBe(builtinEngine);
    expect(() => engineFor({ ...settings, reportEngine: 9 })).toThrow(new ReportError('O tipo de gerador do relatório é desconhecido.'));
  });
});
