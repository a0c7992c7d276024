/**
 * The parts the routes' contracts share (http/route-contracts.ts): JSON Schemas of a value, of an
 * answer's envelope, of a record's id in the path. Each keeps its literal type, so a route typed by
 * its contract (`withTypeProvider<ContractTypes>()`) reads its params and body as they are.
 */
export const text = { type: 'string' } as const;
export const integer = { type: 'integer' } as const;
export const boolean = { type: 'boolean' } as const;
export const nullableText = { type: ['string', 'null'] } as const;
export const nullableInteger = { type: ['integer', 'null'] } as const;
/** An object of any fields, typed as any value (an answer's interface then needs no index signature). */
export const anyObject = { type: 'object', additionalProperties: true } as unknown as Record<never, never>;
export const date = { type: 'string', format: 'date' } as const;
/** An exact decimal as text (`1234.56`): money never travels as a JSON number. */
export const money = { type: 'string', description: 'Texto de um decimal exato: `1234.56`' } as const;
export const moment = { type: 'string', format: 'date-time' } as const;

/**
 * A path's parameters, by name with what each names, each text: the handler reads the id, answering
 * 404 or 422 as it always has.
 */
export const pathOf = <const P extends Record<string, string>>(parameters: P) => ({
  type: 'object',
  properties: Object.fromEntries(Object.entries(parameters).map(([name, description]) => [name, { type: 'string', description }])) as { [K in keyof P]: { type: 'string'; description: string } },
  required: Object.keys(parameters) as (keyof P & string)[],
}) as const;

/** `{ id }` in the path: the record. */
export const idParams = pathOf({ id: 'O id do registro' });

/** An answer `{ data }`, with what it says of itself. */
export const dataAnswer = <const S>(description: string, schema: S) => ({
  description,
  type: 'object',
  properties: { data: schema },
  required: ['data'],
}) as const;

/** An answer `{ data, message }`: a write's record and its pt-BR message. */
export const dataMessageAnswer = <const S>(description: string, schema: S) => ({
  description,
  type: 'object',
  properties: { data: schema, message: text },
  required: ['data', 'message'],
}) as const;

/** An answer `{ message }`. */
export const messageAnswer = (description: string) => ({
  description,
  type: 'object',
  properties: { message: text },
  required: ['message'],
}) as const;

/** An object of these fields, none required (the handler says what is missing, in its own words). */
export const fields = <const P>(properties: P) => ({ type: 'object', properties }) as const;

/**
 * A record as its module's schema in the document describes it (`#/components/schemas/<name>`),
 * typed as any value: the routes' types do not follow references.
 */
export const recordOf = (name: string) => ({ $ref: `#/components/schemas/${name}` }) as unknown as Record<never, never>;
