import { VariableDeclarationKind } from 'ts-morph';
import type { Plan } from '../plan.js';
import { ALL_SCHEMAS } from './banner.js';
import { literal } from './literal.js';
import { printSourceFile } from './source-file.js';

/**
 * `generated/modules.ts`: every module's name, as a list and as a type. Hand-written code keys its
 * hooks and screen overrides by `ModuleName`, so a misspelt or removed module fails typecheck.
 */
export function emitModules(plan: Plan): Map<string, string> {
  const names = plan.entities.map(({ entity }) => entity.module);
  const content = printSourceFile('modules.ts', ALL_SCHEMAS, (file) => {
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['Every module the schemas describe, sorted.'],
      declarations: [{ name: 'MODULES', initializer: `${literal(names, 0, 0)} as const` }],
    });
    file.addTypeAlias({ isExported: true, name: 'ModuleName', type: '(typeof MODULES)[number]' });
  });
  return new Map([['generated/modules.ts', content]]);
}
