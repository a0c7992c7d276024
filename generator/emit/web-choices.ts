import { VariableDeclarationKind } from 'ts-morph';
import { ByMode, type EntityPlan } from '../plan.js';
import { Code, literal, quote } from './literal.js';
import { kitImport, printSourceFile } from './source-file.js';

type Choices = { id: string | number; name: string }[];

/**
 * `choices.ts`: the options of each enum field of a module, written once for its list, form and
 * view, keyed by the field (`'telephones.type'` inside a sub-list). None when the module has no enum.
 */
export function emitChoicesFile(plan: EntityPlan): string | undefined {
  const choices = moduleChoices(plan);
  if (choices.size === 0) return undefined;
  return printSourceFile('choices.ts', plan.entity.source, (file) => {
    file.addImportDeclaration({ moduleSpecifier: kitImport('/types'), namedImports: ['Choice'], isTypeOnly: true });
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: 'choices', initializer: `${literal(Object.fromEntries(choices))} satisfies Record<string, Choice[]>` }],
    });
  });
}

/** The specs a view prints, with each enum's options replaced by a reference into `choices.ts`; `shared` says whether any was. */
export function withSharedChoices<T>(specs: T): { specs: T; shared: boolean } {
  let shared = false;
  const replaced = walk(specs, '', () => (shared = true)) as T;
  return { specs: replaced, shared };
}

/** `import { choices } from './choices';` in a view that refers to it. */
export const CHOICES_IMPORT = { moduleSpecifier: './choices', namedImports: ['choices'] };

function moduleChoices(plan: EntityPlan): Map<string, Choices> {
  const found = new Map<string, Choices>();
  const { create, update } = plan.entity.operations;
  const specs = [plan.showFields, create || update ? plan.formInputs : [], plan.columns, plan.filters];
  walk(specs, '', (key, choices) => (found.has(key) ? undefined : found.set(key, choices)));
  return found;
}

/** Copies field specs (sub-lists included), giving each enum's options to `visit` and referring to them instead. */
function walk(value: unknown, prefix: string, visit: (key: string, choices: Choices) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => walk(item, prefix, visit));
  if (typeof value !== 'object' || value === null || !('source' in value)) return value;
  const spec = value as { source: string; kind?: string; choices?: unknown; sublist?: unknown };
  const key = `${prefix}${spec.source}`;
  const copy: Record<string, unknown> = { ...spec };
  // A yes/no filter's two words (Ativo/Inativo) are no enum: they stay beside the filter.
  if (Array.isArray(spec.choices) && spec.kind !== 'boolean') {
    visit(key, spec.choices as Choices);
    copy.choices = new Code(/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `choices.${key}` : `choices[${quote(key)}]`);
  }
  if (spec.sublist) copy.sublist = walkSublist(spec.sublist, `${key}.`, visit);
  return copy;
}

function walkSublist(sublist: unknown, prefix: string, visit: (key: string, choices: Choices) => unknown): unknown {
  if (sublist instanceof ByMode) return new ByMode(walkSublist(sublist.create, prefix, visit), walkSublist(sublist.edit, prefix, visit));
  const { fields, ...rest } = sublist as { fields: unknown[] };
  return { ...rest, fields: walk(fields, prefix, visit) };
}
