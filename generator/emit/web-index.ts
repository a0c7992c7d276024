import { VariableDeclarationKind } from 'ts-morph';
import { fieldSpec, type EntityPlan } from '../plan.js';
import { literal } from './literal.js';
import { kitImport, printSourceFile } from './source-file.js';

/**
 * `generated/web/<module>/index.ts`: the module's `ResourceScreens`, loaded lazily by the registry;
 * each view is a dynamic import of its own, so opening a list loads no form code.
 * Without the create or update operation there is no Create/Edit file; the read-only Show screen
 * stands in (the registry's `operations` tells the shell not to route to an insert at all).
 * A list-only module (`"x-screens": "list"`) names its list alone. The record's representation is
 * its label field with the field's kind, so a title reads a date, a moment or a decimal as a person does.
 */
export function emitScreensIndex(plan: EntityPlan): string {
  const { operations } = plan.entity;
  const create = operations.create ? 'Create' : 'Show';
  const edit = operations.update ? 'Edit' : 'Show';
  const labelField = plan.entity.fields.find((f) => f.name === plan.entity.recordLabel)!;
  const { source, kind, label, moment, choices } = fieldSpec(labelField, 'show');
  const representation = literal({ source, kind, label, ...(moment ? { moment } : {}), ...(choices ? { choices } : {}) }, 0, Infinity);
  return printSourceFile('index.ts', plan.entity.source, (file) => {
    file.addImportDeclaration({ moduleSpecifier: kitImport('/types'), namedImports: ['ResourceScreens'], isTypeOnly: true });
    const view = (screen: string) => `() => import('./${screen}')`;
    file.addVariableStatement({
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: 'screens',
          type: 'ResourceScreens',
          initializer: plan.entity.listOnly
            ? `{ list: ${view('List')}, recordRepresentation: ${representation} }`
            : `{ list: ${view('List')}, create: ${view(create)}, edit: ${view(edit)}, show: ${view('Show')}, recordRepresentation: ${representation} }`,
        },
      ],
    });
    file.addExportAssignment({ isExportEquals: false, expression: 'screens' });
  });
}
