import type { Field, FormSection } from './model.js';

type Json = Record<string, any>;
type Fail = (path: string, sentence: string) => never;

/**
 * The form's tabs (`x-sections`): each names form fields of the entity, none twice; the fields no
 * section names go to the first, after its own, so adding a field never hides it.
 */
export function normaliseSections(source: Json[] | undefined, fields: Field[], module: string, fail: Fail): FormSection[] {
  if (!source) return [];
  const formFields = fields.filter((f) => f.inForm).map((f) => f.name);
  const sectionOf = new Map<string, string>();
  const names = new Set<string>();
  const sections: FormSection[] = source.map((section, i) => {
    if (names.has(section.name)) fail(`/x-sections/${i}/name`, `names the section "${section.name}" a second time.`);
    names.add(section.name);
    (section.fields as string[]).forEach((name, j) => {
      if (!formFields.includes(name)) fail(`/x-sections/${i}/fields/${j}`, `names "${name}", which is not a field of the form of ${module}.`);
      const other = sectionOf.get(name);
      if (other) fail(`/x-sections/${i}/fields/${j}`, `names "${name}", which is already in the section "${other}".`);
      sectionOf.set(name, section.name);
    });
    return { name: section.name, label: section.label, fields: [...section.fields] };
  });
  sections[0].fields.push(...formFields.filter((name) => !sectionOf.has(name)));
  return sections;
}
