import { VariableDeclarationKind } from 'ts-morph';
import type { Field } from '../../language/index.js';
import type { Plan } from '../plan.js';
import { ALL_SCHEMAS } from './banner.js';
import { literal } from './literal.js';
import { printSourceFile } from './source-file.js';

/** `generated/web/messages.pt-BR.ts`: react-admin's `resources.<module>.name|fields` labels for every entity. */
export function emitWebMessages(plan: Plan): Map<string, string> {
  const resources: Record<string, unknown> = {};
  for (const { entity } of plan.entities) {
    const fields: Record<string, string> = {};
    // A sub-list's item fields (at every depth) as `telephones.number`, `work_relations.expedients.start`.
    const add = (list: Field[], prefix: string) => {
      for (const field of list) {
        if (prefix && field.kind === 'id') continue;
        fields[`${prefix}${field.name}`] = field.label;
        if (field.sublist) add(field.sublist.fields, `${prefix}${field.name}.`);
      }
    };
    add(entity.fields, '');
    resources[entity.module] = { name: `${entity.label.singular} |||| ${entity.label.plural}`, fields };
  }
  const content = printSourceFile('messages.pt-BR.ts', ALL_SCHEMAS, (file) => {
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: 'resourceMessages', initializer: `${literal({ resources }, 0, 0)}` }],
    });
  });
  return new Map([['generated/web/messages.pt-BR.ts', content]]);
}
