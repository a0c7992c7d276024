import { VariableDeclarationKind } from 'ts-morph';
import { MENU_AREAS } from '../../language/index.js';
import type { EntityPlan, Plan } from '../plan.js';
import { ALL_SCHEMAS } from './banner.js';
import { literal } from './literal.js';
import { kitImport, printSourceFile } from './source-file.js';

const DIR = 'generated/web';

/**
 * `generated/web/registry.ts`: one entry per entity in menu order. Each module's screens are a
 * dynamic import (a chunk of their own); entities without screens never load any. The list view is
 * also named here, so a deep link to a list loads it beside the module's index, not after it.
 */
export function emitWebRegistry(plan: Plan): Map<string, string> {
  const content = printSourceFile('registry.ts', ALL_SCHEMAS, (file) => {
    file.addImportDeclaration({
      moduleSpecifier: kitImport('/types'),
      namedImports: ['GeneratedResource', 'ResourceScreens'],
      isTypeOnly: true,
    });
    file.addFunction({
      name: 'withoutScreens',
      docs: ['Entities that only feed combos have no screens to load.'],
      parameters: [{ name: 'name', type: 'string' }],
      returnType: '() => Promise<ResourceScreens>',
      statements: "return () => Promise.reject(new Error(`O recurso ${name} não tem telas.`));",
    });
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: 'resources', type: 'GeneratedResource[]', initializer: `[\n${plan.menu.map(entry).join(',\n')},\n]` }],
    });
  });
  return new Map([[`${DIR}/registry.ts`, content]]);
}

function entry({ entity }: EntityPlan): string {
  const data = {
    name: entity.module,
    area: entity.area,
    areaLabel: MENU_AREAS[entity.area],
    permission: entity.permission,
    insertPermission: entity.insertPermission,
    icon: entity.icon,
    label: { singular: entity.label.singular, plural: entity.label.plural },
    screens: entity.screens,
    operations: entity.operations,
    // Said only where a module departs from the default, so the others' entries stay as they are.
    ...(entity.operations.delete && !entity.bulkDelete ? { bulkDelete: false } : {}),
    ...(entity.access === 'any' ? { access: 'any' } : {}),
    ...(entity.documents ? { documents: true } : {}),
  };
  const load = entity.screens
    ? `() => import('./${entity.module}/index').then((m) => m.default)`
    : `withoutScreens(${literal(entity.module)})`;
  const fields = Object.entries(data).map(([key, value]) => `    ${key}: ${literal(value, 4)},`);
  const list = entity.screens ? `\n    list: () => import('./${entity.module}/List'),` : '';
  return `  {\n${fields.join('\n')}\n    load: ${load},${list}\n  }`;
}
