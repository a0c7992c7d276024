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

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_LIST = 91;
const CLOSE_LIST = 93;

/** A top-level key as JSON wrote it (`"st\u0061te"` is `state`); a key that cannot be read is `_`. */
function keyOf(literal: string): string {
  try {
    return JSON.parse(literal) as string;
  } catch {
    return '_';
  }
}

/**
 * What is wrong with the shape of a JSON text, on the top-level key that holds it (`_` when the body
 * itself is the list): a value nested past MAX_BODY_DEPTH or a list past MAX_BODY_ITEMS. Read off the
 * text in one pass before it is parsed, stopping at the first problem: ten megabytes of brackets cost
 * a scan, not seconds of parsing. Strings are skipped whole (a bracket or a comma in one counts for
 * nothing); a text that is no JSON at all is the parser's to refuse.
 * @example bodyShapeProblem('{"state":' + '['.repeat(50) + ']'.repeat(50) + '}') // { state: [TOO_DEEP] }
 */
export function bodyShapeProblem(text: string): FieldErrors | null {
  let key = '_';
  let expectKey = false;
  /** Per open level: null for an object, else the commas counted so far in the list (its items less one). */
  const levels: (number | null)[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      for (i += 1; i < text.length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === BACKSLASH) i += 1;
        else if (inner === QUOTE) break;
      }
      if (expectKey) key = keyOf(text.slice(start, i + 1));
      expectKey = false;
    } else if (c === OPEN_OBJECT || c === OPEN_LIST) {
      levels.push(c === OPEN_OBJECT ? null : 0);
      if (levels.length > MAX_BODY_DEPTH) return { [key]: [TOO_DEEP] };
      // The next string of the top-level object is one of its keys.
      expectKey = levels.length === 1 && c === OPEN_OBJECT;
    } else if (c === CLOSE_OBJECT || c === CLOSE_LIST) {
      levels.pop();
    } else if (c === COMMA) {
      const top = levels.length - 1;
      const commas = levels[top];
      if (commas === null) expectKey = top === 0;
      else if (commas !== undefined && (levels[top] = commas + 1) >= MAX_BODY_ITEMS) return { [top === 0 ? '_' : key]: [TOO_MANY_ITEMS] };
    }
  }
  return null;
}

/**
 * JSON bodies of every route are refused with a 422 when their shape is one no route takes
 * (`bodyShapeProblem`), before they are parsed and before any route turns a value into text or binds
 * a list; the others are read by Fastify's own parser (the same prototype-poisoning rules).
 */
export const jsonBodies = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? 'error', app.initialConfig.onConstructorPoisoning ?? 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const problem = bodyShapeProblem(text as string);
    if (problem) return done(invalid(problem), undefined);
    parse(request, text as string, done);
  });
});
