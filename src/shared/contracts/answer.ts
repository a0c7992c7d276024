import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/** A route's answer as the client reads it: the JSON its contract's schema describes (dates as text). */
export type Answer<S extends JSONSchema> = FromSchema<S>;

/** The same answer as a handler may give it before it is sent: a date-time may still be a `Date`. */
export type Sent<S extends JSONSchema> = FromSchema<S, {
  deserialize: [{ pattern: { type: 'string'; format: 'date-time' }; output: Date | string }];
}>;
