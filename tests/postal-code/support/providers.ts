import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, inject } from 'vitest';

/** What a stand-in provider does with a request: answer, never answer, or cut the connection. */
export type Reply = { status: number; body?: unknown } | 'hang' | 'reset';

/** A postal-code provider on loopback, answering as the real one would, and counting what it was asked. */
export interface StandIn {
  /** The base address, as the settings take it (`http://127.0.0.1:PORT`). */
  url: string;
  /** The codes asked, in order. */
  asked: string[];
  /** What the next requests get, by code. */
  reply: (digits: string) => Reply;
  close(): Promise<void>;
}

/** `/ws/{cep}/json/` as ViaCEP, or `/api/cep/v1/{cep}` as BrasilAPI. */
const PATHS = { viacep: /^\/ws\/([^/]+)\/json\/$/, brasilapi: /^\/api\/cep\/v1\/([^/]+)$/ } as const;

/** Where another process tells a stand-in what a code answers (`PUT`, the reply as JSON): `replyOverHttp`. */
const TAUGHT = /^\/stand-in\/replies\/([0-9]{8})$/;

export async function standIn(kind: keyof typeof PATHS): Promise<StandIn> {
  const state: StandIn = { url: '', asked: [], reply: () => ({ status: 500 }), close: async () => undefined };
  const taught = new Map<string, Reply>();
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const teaching = TAUGHT.exec(request.url ?? '')?.[1];
    if (request.method === 'PUT' && teaching) {
      let text = '';
      request.on('data', (chunk) => (text += chunk));
      request.on('end', () => {
        taught.set(teaching, JSON.parse(text) as Reply);
        response.writeHead(204).end();
      });
      return;
    }
    const code = PATHS[kind].exec(request.url ?? '')?.[1];
    if (request.method !== 'GET' || code === undefined) {
      response.writeHead(404).end();
      return;
    }
    state.asked.push(code);
    const reply = taught.get(code) ?? state.reply(code);
    if (reply === 'hang') return;
    if (reply === 'reset') {
      request.socket.destroy();
      return;
    }
    const body = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    response.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return state;
}

/** ViaCEP's answer for Praça da Sé, São Paulo. */
export const VIACEP_SE = {
  cep: '01001-000', logradouro: 'Praça da Sé', complemento: 'lado ímpar', unidade: '', bairro: 'Sé', localidade: 'São Paulo',
  uf: 'SP', estado: 'São Paulo', regiao: 'Sudeste', ibge: '3550308', gia: '1004', ddd: '11', siafi: '7107',
};

/** BrasilAPI's answer for the same code (no IBGE code; names as its source wrote them). */
export const BRASILAPI_SE = { cep: '01001000', state: 'SP', city: 'SAO PAULO', neighborhood: 'Sé', street: 'Praça da Sé', service: 'correios' };

/** ViaCEP's and BrasilAPI's ways of saying a code does not exist. */
export const VIACEP_UNKNOWN: Reply = { status: 200, body: { erro: true } };
export const BRASILAPI_UNKNOWN: Reply = { status: 404, body: { name: 'CepPromiseError', message: 'Todos os serviços de CEP retornaram erro.', type: 'service_error', errors: [] } };

/**
 * The two providers on loopback for a product started in a suite: ViaCEP answering `replies` by the
 * code's digits (an unknown code otherwise), BrasilAPI knowing none. Fills `env` with their
 * addresses before the suite starts its product, and closes them after.
 */
export function postalCodeStandIns(env: Record<string, string>, replies: Record<string, Reply>): void {
  const shared = sharedStandIns();
  if (shared) {
    // The browser run's shared product asks the run's stand-ins: they learn this file's codes.
    beforeAll(async () => {
      for (const [digits, reply] of Object.entries(replies)) await teach(shared.viaCepUrl, digits, reply);
    });
    return;
  }
  let running: RunStandIns | undefined;
  beforeAll(async () => {
    running = await runStandIns(replies);
    Object.assign(env, running.env);
  });
  afterAll(() => running?.close());
}

/** The run's stand-ins the shared product of the browser run asks (tests/e2e/support/shared-product.ts), or null elsewhere. */
export interface SharedStandIns {
  viaCepUrl: string;
  brasilApiUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    postalCodeStandIns: SharedStandIns | null;
  }
}

function sharedStandIns(): SharedStandIns | null {
  try {
    return inject('postalCodeStandIns') ?? null;
  } catch {
    return null;
  }
}

/** Tells a stand-in in another process what a code answers, for every later request. */
async function teach(url: string, digits: string, reply: Reply): Promise<void> {
  const response = await fetch(`${url}/stand-in/replies/${digits}`, { method: 'PUT', body: JSON.stringify(reply) });
  if (response.status !== 204) throw new Error(`the postal-code stand-in did not learn ${digits}: ${response.status}`);
}

interface RunStandIns {
  /** The product's settings that point it at the stand-ins. */
  env: Record<string, string>;
  provided: SharedStandIns;
  close(): Promise<void>;
}

/**
 * The two providers on loopback: ViaCEP answering `replies` and what other processes teach it (an
 * unknown code otherwise), BrasilAPI knowing none. The browser run's global set-up starts one pair
 * before the shared product; a product of a file's own gets its pair from `postalCodeStandIns`.
 */
export async function runStandIns(replies: Record<string, Reply> = {}): Promise<RunStandIns> {
  const viaCep = await standIn('viacep');
  viaCep.reply = (digits) => replies[digits] ?? VIACEP_UNKNOWN;
  const brasilApi = await standIn('brasilapi');
  brasilApi.reply = () => BRASILAPI_UNKNOWN;
  return {
    env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', POSTAL_CODE_TIMEOUT_MS: '1000', POSTAL_CODE_VIACEP_URL: viaCep.url, POSTAL_CODE_BRASILAPI_URL: brasilApi.url },
    provided: { viaCepUrl: viaCep.url, brasilApiUrl: brasilApi.url },
    close: async () => {
      await viaCep.close();
      await brasilApi.close();
    },
  };
}
