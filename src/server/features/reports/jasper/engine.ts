/**
 * The JasperReports engine: the design's report unit runs on a JasperReports Server through its REST
 * v2 API — `POST /rest_v2/reportExecutions` (asynchronous), `GET …/{requestId}/status` until it is
 * ready, then `GET …/{requestId}/exports/{exportId}/outputResource` for the file — as the engine
 * type's login, with the session cookie the server sets. The server's address passes the outbound
 * guard (src/server/core/net/) on every connection.
 */
import { checkOutboundUrl, parseAllowedHosts, OutboundDnsError, OutboundRefusedError, type AllowedHosts } from '../../../core/net/outbound.js';
import { ReportError, type ReportEngine, type ReportOutput, type ReportRun } from '../engine.js';
import { reportFileName } from '../builtin/engine.js';
import { reportParameters, reportUnitUri } from './design.js';
import { jasperRequest, ResponseTooLarge, type JasperResponse, type JasperSession } from './http.js';

export interface JasperOptions {
  /** Hosts allowed although not public (default OUTBOUND_ALLOWED_HOSTS). */
  allowedHosts?: AllowedHosts;
  /** Wait between two status requests (default 1 s). */
  pollMs?: number;
  /** Longest wait for an execution (default 10 minutes). */
  timeoutMs?: number;
  /** Largest file taken (default 100 MB). */
  maxBytes?: number;
}

const JSON_LIMIT = 1024 * 1024;
const EXECUTIONS = '/rest_v2/reportExecutions';

const wait = (ms: number, signal: AbortSignal) => new Promise<void>((resolve, reject) => {
  const timer = setTimeout(resolve, ms);
  signal.addEventListener('abort', () => {
    clearTimeout(timer);
    reject(signal.reason);
  }, { once: true });
});

function parsed(response: JasperResponse, what: string): Record<string, any> {
  try {
    const value = JSON.parse(response.body.toString('utf8'));
    if (value && typeof value === 'object') return value;
  } catch {
    // Answered below.
  }
  throw new ReportError(`O servidor de relatórios respondeu algo inesperado ao ${what}.`);
}

/** A failed answer as the person reads it. */
function refused(response: JasperResponse, what: string): ReportError {
  if (response.status === 401 || response.status === 403) return new ReportError('O servidor de relatórios recusou o usuário e a senha do tipo de gerador.');
  if (response.status === 404) return new ReportError(`O servidor de relatórios não encontrou o que foi pedido ao ${what}.`);
  let detail = '';
  try {
    detail = String(JSON.parse(response.body.toString('utf8')).message ?? '');
  } catch {
    // No detail.
  }
  return new ReportError(`O servidor de relatórios respondeu ${response.status} ao ${what}${detail ? `: ${detail.slice(0, 200)}` : '.'}`);
}

/**
 * Asks the server to stop an execution the job gave up (`PUT …/status` `{"value": "cancelled"}`), on a
 * signal of its own (the job's is aborted); whatever the server answers, the job ends.
 */
async function cancel(session: JasperSession, at: string): Promise<void> {
  await jasperRequest({ ...session, signal: AbortSignal.timeout(5000) }, 'PUT', `${at}/status`, { json: { value: 'cancelled' }, maxBytes: JSON_LIMIT }).catch(() => undefined);
}

/** The engine over a JasperReports Server. */
export function jasperEngine(options: JasperOptions = {}): ReportEngine {
  const pollMs = options.pollMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 10 * 60_000;
  const maxBytes = options.maxBytes ?? 100 * 1024 * 1024;
  return {
    async render(run: ReportRun): Promise<ReportOutput> {
      const settings = run.engine;
      if (!settings.externalServer || !settings.serverUrl) throw new ReportError('O tipo de gerador não indica o servidor JasperReports que gera os relatórios.');
      const allowedHosts = options.allowedHosts ?? parseAllowedHosts();
      const checked = checkOutboundUrl(settings.serverUrl, allowedHosts);
      if (!checked.ok) throw new ReportError(`O endereço do servidor de relatórios não é permitido: ${checked.reason}`);
      const uri = reportUnitUri(run.design.file);
      const credentials = Buffer.from(`${settings.serverLogin ?? ''}:${settings.serverPassword ?? ''}`).toString('base64');
      const timeout = AbortSignal.timeout(timeoutMs);
      const session: JasperSession = { base: checked.url, authorization: `Basic ${credentials}`, allowedHosts, signal: AbortSignal.any([run.signal, timeout]), cookies: new Map() };
      const call = async (method: string, path: string, what: string, body?: { json?: unknown; maxBytes?: number }) => {
        try {
          return await jasperRequest(session, method, path, { json: body?.json, maxBytes: body?.maxBytes ?? JSON_LIMIT });
        } catch (error) {
          if (run.signal.aborted) throw error;
          if (timeout.aborted) throw new ReportError('O servidor de relatórios não terminou o relatório a tempo.');
          if (error instanceof ResponseTooLarge) throw new ReportError(`O servidor de relatórios respondeu demais ao ${what}.`);
          if (error instanceof OutboundRefusedError || error instanceof OutboundDnsError) throw new ReportError(`O endereço do servidor de relatórios não é permitido: ${error.reason}`);
          throw new ReportError(`Não foi possível falar com o servidor de relatórios: ${(error as Error).message}.`);
        }
      };

      const started = await call('POST', EXECUTIONS, 'iniciar o relatório', {
        json: { reportUnitUri: uri, async: true, outputFormat: run.format, interactive: false, freshData: true, saveDataSnapshot: false, ignorePagination: run.format !== 'pdf', parameters: reportParameters(run.parameters) },
      });
      if (started.status !== 200) throw refused(started, 'iniciar o relatório');
      const execution = parsed(started, 'iniciar o relatório');
      const requestId = String(execution.requestId ?? '');
      if (!/^[\w-]{1,100}$/.test(requestId)) throw new ReportError('O servidor de relatórios respondeu algo inesperado ao iniciar o relatório.');
      const at = `${EXECUTIONS}/${encodeURIComponent(requestId)}`;

      try {
        for (;;) {
          const status = await call('GET', `${at}/status`, 'acompanhar o relatório');
          if (status.status !== 200) throw refused(status, 'acompanhar o relatório');
          const { value, errorDescriptor } = parsed(status, 'acompanhar o relatório');
          if (value === 'ready') break;
          if (value === 'failed' || value === 'cancelled') {
            const reason = typeof errorDescriptor?.message === 'string' ? `: ${errorDescriptor.message.slice(0, 300)}` : '.';
            throw new ReportError(`O servidor de relatórios não conseguiu gerar o relatório${reason}`);
          }
          await wait(pollMs, session.signal).catch((error) => {
            if (timeout.aborted && !run.signal.aborted) throw new ReportError('O servidor de relatórios não terminou o relatório a tempo.');
            throw error;
          });
        }
      } catch (error) {
        // Given up (the job stopped, or the wait ran out): the server need not go on.
        if (session.signal.aborted) await cancel(session, at);
        throw error;
      }

      const details = await call('GET', at, 'ler o relatório pronto');
      if (details.status !== 200) throw refused(details, 'ler o relatório pronto');
      const exportId = String(parsed(details, 'ler o relatório pronto').exports?.[0]?.id ?? execution.exports?.[0]?.id ?? '');
      if (!/^[\w.-]{1,200}$/.test(exportId)) throw new ReportError('O servidor de relatórios não ofereceu o arquivo do relatório.');
      const file = await call('GET', `${at}/exports/${encodeURIComponent(exportId)}/outputResource`, 'baixar o relatório', { maxBytes });
      if (file.status !== 200) throw refused(file, 'baixar o relatório');
      if (file.body.length === 0) throw new ReportError('O servidor de relatórios entregou um relatório vazio.');
      return { bytes: file.body, format: run.format, fileName: reportFileName(run.design.name, run.format) };
    },
  };
}
