import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invalid, type FieldErrors } from './app-error.js';

/**
 * How deep a JSON body may nest (each object or list a level): the deepest body a form sends (a
 * workflow type's steps, their tasks and those tasks' lists) stays far below it.
 */
export const MAX_BODY_DEPTH = 32;
/**
 * Most items any list of a JSON body holds: a net under the caps each route sets (1,000 ids, 1,000
 * items of a sub-list), well below the 65,535 values one PostgreSQL statement can bind.
 */
export const MAX_BODY_ITEMS = 10_000;

export const TOO_DEEP = `O valor tem níveis demais: no máximo ${MAX_BODY_DEPTH}.`;
export const TOO_MANY_ITEMS = `A lista tem itens demais: no máximo ${MAX_BODY_ITEMS.toLocaleString('pt-BR')}.`;

/**
 * What is wrong with the shape of a parsed body, on the top-level key that holds it (`_` when the body
 * itself is the list): a value nested past MAX_BODY_DEPTH or a list past MAX_BODY_ITEMS. Walked with a
 * stack of its own, never by recursion, so no depth can exhaust the call stack; and it stops at the
 * first problem, so a hostile body costs no more than reading it.
 * @example bodyShapeProblem({ state: JSON.parse('['.repeat(50) + ']'.repeat(50)) }) // { state: [TOO_DEEP] }
 */
export function bodyShapeProblem(body: unknown): FieldErrors | null {
  if (body === null || typeof body !== 'object') return null;
  const isList = Array.isArray(body);
  if (isList && body.length > MAX_BODY_ITEMS) return { _: [TOO_MANY_ITEMS] };
  const stack: [value: unknown, depth: number, field: string][] = isList
    ? body.map((value) => [value, 2, '_'])
    : Object.entries(body).map(([key, value]) => [value, 2, key]);
  while (stack.length) {
    const [value, depth, field] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_BODY_DEPTH) return { [field]: [TOO_DEEP] };
    if (Array.isArray(value)) {
      if (value.length > MAX_BODY_ITEMS) return { [field]: [TOO_MANY_ITEMS] };
      for (const item of value) stack.push([item, depth + 1, field]);
    } else {
      for (const key in value) stack.push([(value as Record<string, unknown>)[key], depth + 1, field]);
    }
  }
  return null;
}

/**
 * JSON bodies of every route are read by Fastify's own parser (the same prototype-poisoning rules),
 * then refused with a 422 when their shape is one no route takes (`bodyShapeProblem`): before any
 * route turns a value into text or binds a list, whatever it then checks.
 */
export const jsonBodies = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? 'error', app.initialConfig.onConstructorPoisoning ?? 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    parse(request, text as string, (error: Error | null, body?: unknown) => {
      if (error) return done(error, undefined);
      const problem = bodyShapeProblem(body);
      if (problem) return done(invalid(problem), undefined);
      done(null, body);
    });
  });
});
