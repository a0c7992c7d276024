import type { EntityPlan, FieldSpecData } from '../plan.js';
import { selfClosingElement } from './jsx.js';
import { kitImport, printSourceFile } from './source-file.js';

/** `Create.tsx`: one kit input per form field. */
export function emitCreateScreen(plan: EntityPlan, dir: string): string {
  return formScreen(plan, dir, 'Create', 'ResourceCreate', 'KindInput', plan.createInputs);
}

/** `Edit.tsx`: the same inputs with the edit rules (the kit opens it in view mode with an edit toggle). */
export function emitEditScreen(plan: EntityPlan, dir: string): string {
  return formScreen(plan, dir, 'Edit', 'ResourceEdit', 'KindInput', plan.editInputs);
}

/** `Show.tsx`: one kit field per readable field. */
export function emitShowScreen(plan: EntityPlan, dir: string): string {
  return formScreen(plan, dir, 'Show', 'ResourceShow', 'KindField', plan.showFields);
}

function formScreen(plan: EntityPlan, dir: string, suffix: string, wrapper: string, widget: string, specs: FieldSpecData[]): string {
  return printSourceFile(`${suffix}.tsx`, plan.entity.source, (file) => {
    file.addImportDeclaration({ moduleSpecifier: kitImport(dir), namedImports: [wrapper, widget] });
    file.addFunction({
      name: `${plan.typeName}${suffix}`,
      isDefaultExport: true,
      statements: (writer) => {
        writer.writeLine('return (');
        writer.indent(() => {
          writer.writeLine(`<${wrapper}>`);
          writer.indent(() => {
            for (const spec of specs) writer.writeLine(selfClosingElement(widget, spec, writer.getIndentationLevel() * 2));
          });
          writer.writeLine(`</${wrapper}>`);
        });
        writer.write(');');
      },
    });
  });
}
