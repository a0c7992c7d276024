import { VariableDeclarationKind } from 'ts-morph';
import type { FormSection } from '../../language/index.js';
import { ByMode, type EntityPlan, type FormInputData } from '../plan.js';
import { Code, literal } from './literal.js';
import { kitImport, printSourceFile } from './source-file.js';
import { CHOICES_IMPORT, withSharedChoices } from './web-choices.js';
import { bySource } from './web-list.js';

/**
 * `form.ts`: the form's field specs, written once for the insert and the edit form: `inputs(mode)`
 * gives them keyed by field, so a hand-written form reuses them (replaces one, adds its own). A prop
 * whose rule differs between the modes is an expression of `mode`, e.g. `required: mode === 'create'`.
 * Data only (it imports no widget), so a list may read it without loading form code.
 */
export function emitFormSpecs(plan: EntityPlan): string {
  return printSourceFile('form.ts', plan.entity.source, (file) => {
    const { sections } = plan.entity;
    const types = sections.length ? ['FieldSpec', 'FormMode', 'FormSectionSpec'] : ['FieldSpec', 'FormMode'];
    file.addImportDeclaration({ moduleSpecifier: kitImport('/types'), namedImports: types, isTypeOnly: true });
    const inputs = withSharedChoices(plan.formInputs);
    if (inputs.shared) file.addImportDeclaration(CHOICES_IMPORT);
    file.addFunction({
      name: 'inputs',
      isExported: true,
      docs: ["The form's field specs by field, in the insert (`'create'`) or the edit (`'edit'`) form."],
      parameters: [{ name: 'mode', type: 'FormMode' }],
      statements: (writer) => writer.write(`return ${bySource(inputs.specs.map(withModeExpressions), 2)};`),
    });
    if (sections.length) {
      file.addVariableStatement({
        isExported: true,
        declarationKind: VariableDeclarationKind.Const,
        docs: ["The form's tabs, the first open: each tab's fields by source."],
        declarations: [{ name: 'sections', initializer: `${sectionsLiteral(sections)} satisfies FormSectionSpec[]` }],
      });
    }
  });
}

/** One tab a line: `{ name: 'data', label: 'Dados', fields: ['name', 'email'] }`. */
function sectionsLiteral(sections: FormSection[]): string {
  return `[\n${sections.map((section) => `  ${literal(section, 0, Infinity)},`).join('\n')}\n]`;
}

/**
 * `Inputs.tsx`: one kit input per spec of `form.ts`, the component Create.tsx and Edit.tsx wrap; a
 * schema with `x-sections` shows them in its tabs, followed by the tabs a hand-written screen passes.
 */
export function emitInputsScreen(plan: EntityPlan): string {
  const sectioned = plan.entity.sections.length > 0;
  return printSourceFile('Inputs.tsx', plan.entity.source, (file) => {
    file.addImportDeclaration({
      moduleSpecifier: kitImport(),
      namedImports: [sectioned ? 'FormSections' : 'KindInput', { name: 'FormInputsProps', isTypeOnly: true }],
    });
    file.addImportDeclaration({ moduleSpecifier: './form', namedImports: sectioned ? ['inputs', 'sections'] : ['inputs'] });
    file.addFunction({
      name: inputsComponent(plan),
      isExported: true,
      parameters: [{ name: sectioned ? '{ mode, tabs }' : '{ mode }', type: 'FormInputsProps' }],
      statements: (writer) => {
        if (sectioned) return void writer.write('return <FormSections sections={sections} inputs={inputs(mode)} tabs={tabs} />;');
        writer.writeLine('return (');
        writer.indent(() => {
          writer.writeLine('<>');
          writer.indent(() => {
            writer.writeLine('{Object.values(inputs(mode)).map((spec) => (');
            writer.indent(() => writer.writeLine('<KindInput key={spec.source} {...spec} />'));
            writer.writeLine('))}');
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
