/**
 * A stand-in JasperReports Server on 127.0.0.1 speaking the REST v2 calls the Jasper engine makes:
 * `POST /jasperserver/rest_v2/reportExecutions`, `GET …/{id}/status`, `GET …/{id}` and
 * `GET …/{id}/exports/{exportId}/outputResource`, with Basic authentication and executions kept per
 * session (JSESSIONID), as the real server keeps them.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const LOGIN = 'jasperadmin';
export const PASSWORD = 'senha-do-jasper';

/** Report units the stand-in knows: how many status polls before ready, or the failure it reports. */
const UNITS: Record<string, { polls: number } | { failure: string }> = {
  '/reports/conselho/pessoas': { polls: 2 },
  '/reports/conselho/falha': { failure: 'Fonte de dados indisponível' },
  '/reports/conselho/eterno': { polls: Number.POSITIVE_INFINITY },
};

interface Execution { session: string; unit: string; format: string; parameters: unknown; polls: number; exportId: string }

export interface StandIn {
  url: string;
  /** Every request, as `METHOD path`, with the cookie it carried. */
  requests: { line: string; cookie: string | undefined; authorization: string | undefined }[];
  close(): Promise<void>;
}

export async function startJasperStandIn(): Promise<StandIn> {
  const executions = new Map<string, Execution>();
  const requests: StandIn['requests'] = [];
  const expected = `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}`;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      requests.push({ line: `${request.method} ${path}`, cookie: request.headers.cookie, authorization: request.headers.authorization });
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== expected) return json(401, { message: 'Unauthorized' });
      let session = /JSESSIONID=([\w-]+)/.exec(request.headers.cookie ?? '')?.[1];
      if (!session) {
        session = randomUUID();
        response.setHeader('set-cookie', `JSESSIONID=${session}; Path=/jasperserver; HttpOnly`);
      }
      const match = /^\/jasperserver\/rest_v2\/reportExecutions(?:\/([\w-]+)(\/status|\/exports\/([\w.-]+)\/outputResource)?)?$/.exec(path);
      if (!match) return json(404, { message: 'Not found' });
      const [, id, tail, exportId] = match;
      if (!id && request.method === 'POST') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const requestId = randomUUID();
        const execution = { session, unit: body.reportUnitUri, format: body.outputFormat, parameters: body.parameters, polls: 0, exportId: randomUUID() };
        executions.set(requestId, execution);
        return json(200, { requestId, reportURI: body.reportUnitUri, status: 'queued', exports: [{ id: execution.exportId, status: 'queued' }] });
      }
      const execution = id ? executions.get(id) : undefined;
      if (!execution || execution.session !== session) return json(404, { message: `Report execution ${id} not found` });
      const unit = UNITS[execution.unit];
      if (tail === '/status' && request.method === 'PUT') {
        execution.unit = '/reports/conselho/cancelado';
        return json(200, { value: 'cancelled' });
      }
      if (tail === '/status') {
        execution.polls += 1;
        if (!unit) return json(200, { value: 'failed', errorDescriptor: { errorCode: 'resource.not.found', message: `Resource ${execution.unit} not found` } });
        if ('failure' in unit) return json(200, { value: 'failed', errorDescriptor: { errorCode: 'input.controls.validation.error', message: unit.failure } });
        return json(200, { value: execution.polls > unit.polls ? 'ready' : 'execution' });
      }
      if (!tail) return json(200, { requestId: id, status: 'ready', exports: [{ id: execution.exportId, status: 'ready', outputResource: { contentType: 'application/pdf' } }] });
      if (exportId !== execution.exportId) return json(404, { message: 'Export not found' });
      const content = `${execution.unit} ${execution.format} ${JSON.stringify(execution.parameters)}`;
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      return response.end(execution.format === 'pdf' ? `%PDF-1.4\n% ${content}\n%%EOF\n` : content);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/jasperserver`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
