import { ByMode, type EntityPlan, type FormInputData } from '../plan.js';
import { selfClosingElement } from './jsx.js';
import { Code, literal } from './literal.js';
import { kitImport, printSourceFile } from './source-file.js';
import { CHOICES_IMPORT, withSharedChoices } from './web-choices.js';

/**
 * `Inputs.tsx`: the form's inputs, written once for the insert and the edit form. A prop whose rule
 * differs between them becomes an expression of `mode`, e.g. `required={mode === 'create'}`.
 */
export function emitInputsScreen(plan: EntityPlan): string {
  return printSourceFile('Inputs.tsx', plan.entity.source, (file) => {
    file.addImportDeclaration({ moduleSpecifier: kitImport(), namedImports: ['KindInput', { name: 'FormInputsProps', isTypeOnly: true }] });
    const inputs = withSharedChoices(plan.formInputs);
    if (inputs.shared) file.addImportDeclaration(CHOICES_IMPORT);
    file.addFunction({
      name: inputsComponent(plan),
      isExported: true,
      parameters: [{ name: '{ mode }', type: 'FormInputsProps' }],
      statements: (writer) => {
        writer.writeLine('return (');
        writer.indent(() => {
          writer.writeLine('<>');
          writer.indent(() => {
            for (const input of inputs.specs) {
              writer.writeLine(selfClosingElement('KindInput', withModeExpressions(input), writer.getIndentationLevel() * 2));
            }
          });
          writer.writeLine('</>');
        });
        writer.write(');');
      },
    });
  });
}

/** `UsuariosInputs`: the component Create.tsx and Edit.tsx wrap. */
export function inputsComponent(plan: EntityPlan): string {
  return `${plan.typeName}Inputs`;
}

function withModeExpressions(input: FormInputData): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, value instanceof ByMode ? modeExpression(value) : value]));
}

/** A flag set in one mode only reads as that mode; any other difference as a conditional. */
function modeExpression({ create, edit }: ByMode): Code {
  if (create === true && !edit) return new Code("mode === 'create'");
  if (edit === true && !create) return new Code("mode === 'edit'");
  return new Code(`mode === 'create' ? ${literal(create)} : ${literal(edit)}`);
}
