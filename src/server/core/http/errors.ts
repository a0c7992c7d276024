import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, MESSAGES } from './app-error.js';

/** PostgreSQL error classes a caller's input can cause: 22 data exception (bad number, date, …). */
const isDataException = (code: unknown) => typeof code === 'string' && code.startsWith('22');

/** How much of an oversize body is read (and dropped) before the 413 is sent, and for how long at most. */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 30_000;

/**
 * Reads and drops the rest of a request body. A server that answers 413 and closes while the client
 * is still sending makes the client's next write fail with a reset, so the client never reads the
 * answer; once the body is read, the close is clean. Past DRAIN_BYTES or DRAIN_MS it stops waiting.
 */
function drainBody(raw: IncomingMessage): Promise<void> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', finish).off('error', finish).off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer | string) => {
      seen += chunk.length;
      if (seen > DRAIN_BYTES) finish();
    };
    const timer = setTimeout(finish, DRAIN_MS);
    raw.on('data', onData).on('end', finish).on('error', finish).on('close', finish);
    raw.resume();
  });
}

/**
 * Errors the router answers before any route or hook runs (a bad percent-encoding, a path segment
 * past `maxParamLength`): also in pt-BR, never Fastify's English body.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send({ message: 'O endereço da requisição é longo demais.' });
    return;
  }
  reply.status(400).send({ message: error.code === 'FST_ERR_BAD_URL' ? 'Endereço inválido.' : MESSAGES.malformedRequest });
}

/** What Node's HTTP parser refuses before Fastify sees a request, in pt-BR: over 16 KiB of address and headers is 431. */
const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'O endereço ou os cabeçalhos da requisição são longos demais.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'A requisição demorou demais.'],
};

/** Fastify's `clientErrorHandler`: the same answers as its default one, with the body in pt-BR. */
export function clientErrors(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Bad Request', MESSAGES.malformedRequest];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/**
 * Every error leaves as `{message[, code][, errors]}` in pt-BR. Bad input never becomes a 500, and a 500
 * never shows a stack trace or SQL: those go to the log only.
 */
export const errorHandling = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError & { errors?: unknown }, request, reply) => {
    if (error instanceof AppError) {
      // A route's contract refusing its input (route-contracts.ts) is answered as any other bad input: Fastify's code is not ours.
      const code = error.code === 'FST_ERR_VALIDATION' ? undefined : error.code;
      return reply.status(error.status).send({ message: error.message, ...(code ? { code } : {}), ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ message: MESSAGES.malformedJson });
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ message: MESSAGES.malformedJson });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: 'Tipo de conteúdo não suportado.' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return drainBody(request.raw).then(() => reply.status(413).send({ message: 'O corpo da requisição é grande demais.' }));
    }
    if (error.validation) {
      return reply.status(400).send({ message: MESSAGES.malformedRequest });
    }
    if (isDataException(error.code)) {
      request.log.warn({ err: error }, 'rejected input the database could not read');
      return reply.status(400).send({ message: MESSAGES.malformedRequest });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send({ message: MESSAGES.internal });
    }
    return reply.status(status).send({ message: status === 429 ? 'Muitas tentativas. Tente novamente em alguns minutos.' : MESSAGES.malformedRequest });
  });
});
