import type { Answer } from './answer.js';
import { text } from './parts.js';

/** A parameter as `/api/parametros` lists it (the specification's names): its stored value and its default. */
export const parameter = {
  type: 'object',
  properties: {
    name: text, label: text, type: { type: 'string', description: '`integer`, `text`, `boolean` ou `color`.' },
    value: { type: ['string', 'null'] }, defaultValue: { type: ['string', 'null'] },
    useDefault: { type: 'boolean', description: 'O valor em vigor é o padrão.' },
    minimum: { type: ['number', 'null'] }, maximum: { type: ['number', 'null'] },
  },
  required: ['name', 'label', 'type', 'value', 'defaultValue', 'useDefault', 'minimum', 'maximum'],
  additionalProperties: false,
} as const;

/** Both lists: the browser's parameters and the server's. */
export const parameterLists = {
  type: 'object',
  properties: { front: { type: 'array', items: parameter }, back: { type: 'array', items: parameter } },
  required: ['front', 'back'],
  additionalProperties: false,
} as const;

export type Parameter = Answer<typeof parameter>;
export type ParameterLists = Answer<typeof parameterLists>;
