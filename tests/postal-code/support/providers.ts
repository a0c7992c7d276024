import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

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

export async function standIn(kind: keyof typeof PATHS): Promise<StandIn> {
  const state: StandIn = { url: '', asked: [], reply: () => ({ status: 500 }), close: async () => undefined };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const code = PATHS[kind].exec(request.url ?? '')?.[1];
    if (request.method !== 'GET' || code === undefined) {
      response.writeHead(404).end();
      return;
    }
    state.asked.push(code);
    const reply = state.reply(code);
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
  let viaCep: StandIn | undefined;
  let brasilApi: StandIn | undefined;
  Object.assign(env, { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', POSTAL_CODE_TIMEOUT_MS: '1000' });
  beforeAll(async () => {
    viaCep = await standIn('viacep');
    viaCep.reply = (digits) => replies[digits] ?? VIACEP_UNKNOWN;
    brasilApi = await standIn('brasilapi');
    brasilApi.reply = () => BRASILAPI_UNKNOWN;
    env.POSTAL_CODE_VIACEP_URL = viaCep.url;
    env.POSTAL_CODE_BRASILAPI_URL = brasilApi.url;
  });
  afterAll(async () => {
    await viaCep?.close();
    await brasilApi?.close();
  });
}
