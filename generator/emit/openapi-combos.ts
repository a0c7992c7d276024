import type { Entity } from '../../language/index.js';
import { json, ref } from './openapi-common.js';

type Doc = Record<string, unknown>;

const query = (name: string, schema: Doc, description: string): Doc => ({ name, in: 'query', required: false, schema, description });

/**
 * The `combos` parameters and answer of one module: its named combos (`x-combos`) as the values of
 * `combo`, and each option's extra fields typed as the record's own (`#/components/schemas/<Type>/properties/<field>`).
 */
export function comboOperationParts(entity: Entity, typeName: string): { parameters: Doc[]; response: Doc } {
  const described = Object.entries(entity.combos).map(([name, combo]) => {
    const carries = combo.fields.length ? `; traz ${combo.fields.join(', ')}` : '';
    const filter = combo.filter.map((c) => `${c.field} ${c.operator === 'in' ? 'em' : 'fora de'} [${c.values.join(', ')}]`).join(', ');
    return `\`${name}\`: nome por ${combo.label.join(' - ')}${carries}${filter ? `; só ${filter}` : ''}`;
  });
  const comboParameter = query('combo', { type: 'string', enum: Object.keys(entity.combos) }, `Variante da lista de opções (sem ela, \`default\`). ${described.join('. ')}.`);
  const carried = [...new Set(Object.values(entity.combos).flatMap((combo) => combo.fields))];
  const option = carried.length
    ? { allOf: [ref('schemas', 'ComboOption'), { type: 'object', properties: Object.fromEntries(carried.map((field) => [field, { $ref: `#/components/schemas/${typeName}/properties/${field}` }])) }] }
    : ref('schemas', 'ComboOption');
  return {
    parameters: [
      query('filter', { type: 'string' }, entity.typeAhead ? 'Texto que filtra as opções: este cadastro é grande, a lista é pedida enquanto se digita.' : 'Texto que filtra as opções.'),
      query('id', { type: 'integer' }, 'Busca uma opção pelo id (ou vários: `id=1,2,3`).'),
      comboParameter,
      query('limit', { type: 'integer', minimum: 1, maximum: 1000 }, 'Quantas opções no máximo (padrão e máximo: 1000).'),
    ],
    response: json('Opções', {
      type: 'object',
      properties: {
        data: { type: 'array', items: option },
        more: { type: 'boolean', const: true, description: 'Presente quando há mais opções do que as devolvidas: digite para refinar (`filter`).' },
      },
      required: ['data'],
    }),
  };
}
