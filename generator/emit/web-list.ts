import { VariableDeclarationKind } from 'ts-morph';
import type { EntityPlan } from '../plan.js';
import { literal } from './literal.js';
import { kitImport, printSourceFile } from './source-file.js';
import { CHOICES_IMPORT, withSharedChoices } from './web-choices.js';

/** `generated/web/<module>/List.tsx`: the list screen, columns and filters as literal field specs, the
 * record's label (its card's first line on a phone) and, for a list-only module, `readOnly`
 * (it imports the kit's list part only: a list loads no form code). */
export function emitListScreen(plan: EntityPlan): string {
  const { entity } = plan;
  return printSourceFile('List.tsx', entity.source, (file) => {
    file.addImportDeclaration({
      moduleSpecifier: kitImport('/list'),
      namedImports: ['ResourceList', { name: 'FieldSpec', isTypeOnly: true }],
    });
    const lists = withSharedChoices([plan.columns, plan.filters]);
    if (lists.shared) file.addImportDeclaration(CHOICES_IMPORT);
    const [columns, filters] = lists.specs;
    for (const [name, specs] of [['columns', columns], ['filters', filters]] as const) {
      file.addVariableStatement({
        declarationKind: VariableDeclarationKind.Const,
        declarations: [{ name, type: 'FieldSpec[]', initializer: literal(specs) }],
      });
    }
    const sort = { field: entity.list.sort.field, order: entity.list.sort.order === 'desc' ? 'DESC' : 'ASC' };
    const search = entity.list.search.length > 0;
    const extra = `recordLabel=${JSON.stringify(entity.recordLabel)}${entity.listOnly ? ' readOnly' : ''}`;
    file.addFunction({
      name: `${plan.typeName}List`,
      isDefaultExport: true,
      statements: (writer) => {
        writer.write(`return <ResourceList columns={columns} filters={filters} sort={${literal(sort)}} search={${search}} ${extra} />;`);
      },
    });
  });
}
