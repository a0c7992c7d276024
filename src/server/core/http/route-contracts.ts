import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorObject } from 'ajv';
import { addRuleErrors, productAjv, ruleError } from '../resources/validation.js';
import { invalid, type FieldErrors } from './app-error.js';
import { NOT_AN_OBJECT } from './body.js';

type Doc = Record<string, unknown>;

/** A route's contract as the OpenAPI document shows it: its schema plus what the document says of it. */
export interface RouteContract extends FastifySchema {
  summary?: string;
  description?: string;
  /** The document's group: a module of the menu (its area) or a feature's name. */
  tags?: readonly string[];
  /** Its successful answers by status (serialised by them), each with a `description`. */
  response?: Record<string, unknown>;
  /** The refusals it may answer (`{message, errors}`): '401', '403', '404', '409', '422'… */
  errors?: readonly string[];
  /** `[]`: a public route, answered without a session. */
  security?: readonly { [label: string]: readonly string[] }[];
}

/** Dates and moments as JSON writes them: a handler may answer a `Date`. */
type AsSent<F extends string> = { pattern: { type: 'string'; format: F }; output: Date | string };

/**
 * The type provider of the routes that declare their contract (`app.withTypeProvider<ContractTypes>()`):
 * params, query and body typed by it, and the answer the handler returns checked against it.
 */
export type ContractTypes = JsonSchemaToTsProvider<{ SerializerSchemaOptions: { deserialize: [AsSent<'date-time'>, AsSent<'date'>] } }>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The contracts of the routes that declare one, by OpenAPI path and method (`/api/x/{id}` → `post`). */
    routeContracts: Map<string, Map<string, RouteContract>>;
  }
}

// A body is read as sent (a number is not text); a path's or query's parts are text, read as the schema types them.
const bodies = productAjv({ removeAdditional: false, useDefaults: true, coerceTypes: false });
const parts = productAjv({ removeAdditional: false, useDefaults: true, coerceTypes: true });

/** The bad input of a route's schema, each message on its field (dotted path), in pt-BR. */
export function fieldErrorsOf(errors: readonly ErrorObject[]): FieldErrors {
  // The body itself of the wrong kind: the route's fields cannot be read from it.
  if (errors.some((error) => error.instancePath === '' && error.keyword === 'type')) return { _: [NOT_AN_OBJECT] };
  const found: FieldErrors = {};
  addRuleErrors(found, errors, (error) => {
    const { field, message } = ruleError(error);
    return { field: field || '_', message };
  });
  return found;
}

/**
 * Routes that declare their contract (Fastify's `schema`: body, params, querystring, answers) are
 * checked by it before their handler runs, bad input answered 422 on its field in pt-BR, the same
 * words as an entity's body; their answers are documented, not used to reshape what is sent; and their contracts are kept for the OpenAPI document
 * (`contractPaths`), so a route's contract is written once, beside its handler.
 */
export const routeContracts = fp(async (app: FastifyInstance) => {
  app.decorate('routeContracts', new Map<string, Map<string, RouteContract>>());
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodies : parts).compile(schema));
  app.setSchemaErrorFormatter((errors) => invalid(fieldErrorsOf(errors as ErrorObject[])));
  // No body at all reads as `{}`, as objectBody reads it (http/body.ts): each field's own rule speaks.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
  });
  // A contract's answers describe the route; the answer is sent as the handler returns it (a
  // serialiser compiled from them would drop the fields they leave out and coerce their types).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addHook('onRoute', (route) => {
    // `hide`: a plugin's own route kept out of documents (the CORS pre-flight).
    if (!route.schema || (route.schema as { hide?: boolean }).hide || route.method === 'HEAD') return;
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const methods = app.routeContracts.get(path) ?? new Map<string, RouteContract>();
    for (const method of [route.method].flat()) if (method !== 'HEAD') methods.set(method.toLowerCase(), route.schema as RouteContract);
    app.routeContracts.set(path, methods);
  });
});

/** The OpenAPI paths of the routes' contracts. */
export function contractPaths(contracts: Map<string, Map<string, RouteContract>>): Record<string, Doc> {
  const paths: Record<string, Doc> = {};
  for (const [path, methods] of contracts) {
    const operations: Doc = {};
    for (const [method, contract] of methods) operations[method] = operationOf(contract);
    paths[path] = operations;
  }
  return paths;
}

const parametersOf = (schema: unknown, where: 'path' | 'query' | 'header'): Doc[] => {
  const { properties = {}, required = [] } = (schema ?? {}) as { properties?: Record<string, Doc>; required?: string[] };
  return Object.entries(properties).map(([name, property]) => ({
    name, in: where, required: where === 'path' || required.includes(name), schema: property, ...(property.description ? { description: property.description } : {}),
  }));
};

/** The document's shared answers of a refusal (components.responses). */
const REFUSALS: Record<string, string> = { '400': 'BadRequest', '401': 'Unauthorized', '403': 'Forbidden', '404': 'NotFound', '409': 'Conflict', '422': 'ValidationFailed', '423': 'Locked', '429': 'TooManyAttempts' };
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

function operationOf(contract: RouteContract): Doc {
  // Every route answers in the space the `Tenant` header names.
  const parameters = [ref('parameters', 'Tenant'), ...parametersOf(contract.params, 'path'), ...parametersOf(contract.querystring, 'query'), ...parametersOf(contract.headers, 'header')];
  const responses: Doc = Object.fromEntries(Object.entries(contract.response ?? {}).map(([status, schema]) => {
    const { description = 'OK', ...content } = schema as Doc;
    // An answer that is not JSON (a PDF, a file) names its own content; one of no schema, none.
    if (content.content || Object.keys(content).length === 0) return [status, { description, ...content }];
    return [status, { description, content: { 'application/json': { schema: content } } }];
  }));
  for (const status of contract.errors ?? []) responses[status] = ref('responses', REFUSALS[status] ?? 'BadRequest');
  return {
    ...(contract.tags ? { tags: contract.tags } : {}),
    ...(contract.summary ? { summary: contract.summary } : {}),
    ...(contract.description ? { description: contract.description } : {}),
    ...(contract.security ? { security: contract.security } : {}),
    parameters,
    ...(contract.body ? { requestBody: { required: true, content: { 'application/json': { schema: contract.body } } } } : {}),
    responses,
  };
}
