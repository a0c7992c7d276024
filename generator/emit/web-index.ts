import { VariableDeclarationKind } from 'ts-morph';
import type { EntityPlan } from '../plan.js';
import { quote } from './literal.js';
import { kitImport, printSourceFile } from './source-file.js';

/** `generated/web/<module>/index.ts`: the module's `ResourceScreens`, loaded lazily by the registry. */
export function emitScreensIndex(plan: EntityPlan, dir: string): string {
  return printSourceFile('index.ts', plan.entity.source, (file) => {
    file.addImportDeclaration({ moduleSpecifier: kitImport(dir, '/types'), namedImports: ['ResourceScreens'], isTypeOnly: true });
    for (const screen of ['Create', 'Edit', 'List', 'Show']) {
      file.addImportDeclaration({ moduleSpecifier: `./${screen}`, defaultImport: screen });
    }
    file.addVariableStatement({
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: 'screens',
          type: 'ResourceScreens',
          initializer: `{ list: List, create: Create, edit: Edit, show: Show, recordRepresentation: ${quote(plan.entity.recordLabel)} }`,
        },
      ],
    });
    file.addExportAssignment({ isExportEquals: false, expression: 'screens' });
  });
}
