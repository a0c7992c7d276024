import type { EntityPlan } from '../plan.js';
import { selfClosingElement } from './jsx.js';
import { kitImport, printSourceFile } from './source-file.js';
import { CHOICES_IMPORT, withSharedChoices } from './web-choices.js';
import { inputsComponent } from './web-inputs.js';

/** `Create.tsx`: the module's inputs in insert mode. */
export function emitCreateScreen(plan: EntityPlan): string {
  return formScreen(plan, 'Create', 'ResourceCreate', 'create');
}

/** `Edit.tsx`: the same inputs in edit mode (the kit opens it in view mode with an edit toggle). */
export function emitEditScreen(plan: EntityPlan): string {
  return formScreen(plan, 'Edit', 'ResourceEdit', 'edit');
}

/** `Show.tsx`: one kit field per readable field. */
export function emitShowScreen(plan: EntityPlan): string {
  return printSourceFile('Show.tsx', plan.entity.source, (file) => {
    file.addImportDeclaration({ moduleSpecifier: kitImport(), namedImports: ['ResourceShow', 'KindField'] });
    const fields = withSharedChoices(plan.showFields);
    if (fields.shared) file.addImportDeclaration(CHOICES_IMPORT);
    file.addFunction({
      name: `${plan.typeName}Show`,
      isDefaultExport: true,
      statements: (writer) => {
        writer.writeLine('return (');
        writer.indent(() => {
          writer.writeLine('<ResourceShow>');
          writer.indent(() => {
            for (const spec of fields.specs) writer.writeLine(selfClosingElement('KindField', spec, writer.getIndentationLevel() * 2));
          });
          writer.writeLine('</ResourceShow>');
        });
        writer.write(');');
      },
    });
  });
}

/** Whether any field of the form, or of one of its sub-list rows, is shown only under a condition (`x-when`). */
function hasConditions(plan: EntityPlan): boolean {
  return plan.entity.fields.some((f) => f.when || f.sublist?.fields.some((item) => item.when));
}

function formScreen(plan: EntityPlan, suffix: string, wrapper: string, mode: 'create' | 'edit'): string {
  const conditional = hasConditions(plan);
  return printSourceFile(`${suffix}.tsx`, plan.entity.source, (file) => {
    file.addImportDeclaration({ moduleSpecifier: kitImport(), namedImports: conditional ? [wrapper, 'withoutHidden'] : [wrapper] });
    file.addImportDeclaration({ moduleSpecifier: './Inputs', namedImports: [inputsComponent(plan)] });
    if (conditional) file.addImportDeclaration({ moduleSpecifier: './form', namedImports: ['inputs'] });
    file.addFunction({
      name: `${plan.typeName}${suffix}`,
      isDefaultExport: true,
      statements: (writer) => {
        writer.writeLine('return (');
        writer.indent(() => {
          // The signed-in person's own account: the kit offers no Excluir on it. Hidden fields are not sent.
          const props = [
            ...(mode === 'edit' && plan.entity.accounts ? ['ownRecordKept'] : []),
            // Records with documents attached (`x-documents`): the kit lists them under the form.
            ...(mode === 'edit' && plan.entity.documents ? ['documents'] : []),
            // Records with occurrences (`x-occurrences`): the kit lists them under the form.
            ...(mode === 'edit' && plan.entity.occurrences ? ['occurrences'] : []),
            ...(conditional ? [`transform={withoutHidden(inputs('${mode}'))}`] : []),
          ];
          writer.writeLine(`<${[wrapper, ...props].join(' ')}>`);
          writer.indent(() => writer.writeLine(`<${inputsComponent(plan)} mode="${mode}" />`));
          writer.writeLine(`</${wrapper}>`);
        });
        writer.write(');');
      },
    });
  });
}
