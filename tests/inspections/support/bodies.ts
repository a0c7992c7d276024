import { valueFor, type Create } from '../../api/support/bodies.js';

/**
 * A generated inspection action body the action's rules accept (tests/api/support/bodies.ts): its
 * rapporteur is an employee, a new person of the employee party type (code `funcionario`, found
 * through the party types' combo) with one work relation (at a new company),
 * made once per creator.
 */
export async function validInspectionActionBody(body: Record<string, unknown>, create: Create): Promise<Record<string, unknown>> {
  if (!employees.has(create)) employees.set(create, employeeParty(create));
  return { ...body, rapporteur_id: await employees.get(create) };
}

/** The employee of each creator (a creator without `shared`, as the authorization matrix's, too). */
const employees = new WeakMap<Create, Promise<number>>();

/** A new employee (a person of the employee party type, with one work relation at a new company), `values` over the generated ones; answers the person's party. */
export async function employeeParty(create: Create, values: Record<string, unknown> = {}): Promise<number> {
  if (!create.get) throw new Error('an inspection action body needs a creator that reads (creator(…, get))');
  const answer = await create.get('/api/tipos_parte/combos?combo=pessoa_fisica&filter=funcionario');
  const type = (answer.body.data as { id: number; code?: string }[]).find((option) => option.code === 'funcionario');
  if (!type) throw new Error(`no employee party type among ${JSON.stringify(answer.body)}`);
  const relations = create.model!.byModule.get('pessoa_fisica')!.fields.find((field) => field.name === 'work_relations')!;
  const relation: Record<string, unknown> = {};
  for (const field of relations.sublist!.fields) {
    if (field.inForm && field.kind !== 'id' && field.name !== 'employer_id') relation[field.name] = await valueFor(field, create);
  }
  const company = await create('pessoa_juridica');
  const employer = create.records!.get(`pessoa_juridica:${company}`)!;
  relation.employer_id = employer.party_id;
  relation.sector_id = (employer.sectors as number[] | undefined)?.[0] ?? null;
  const person = await create('pessoa_fisica', { party_type_id: type.id, work_relations: [relation], ...values });
  return Number(create.records!.get(`pessoa_fisica:${person}`)!.party_id);
}

/**
 * A generated infraction or pendency body (`infracoes_acao_fiscalizacao`, `pendencias_acao_fiscalizacao`)
 * the rules accept: a new annotation, the child written under that annotation's action and of a type the
 * annotation's type admits (the generated annotation type admits one type of each).
 */
export async function validAnnotationChildBody(module: string, body: Record<string, unknown>, create: Create): Promise<Record<string, unknown>> {
  const annotationId = await create('anotacoes_acao_fiscalizacao');
  const annotation = create.records!.get(`anotacoes_acao_fiscalizacao:${annotationId}`)!;
  const type = create.records!.get(`tipos_anotacao_fiscalizacao:${annotation.inspection_annotation_type_id}`)!;
  const child = { ...body, inspection_action_id: annotation.inspection_action_id, inspection_action_annotation_id: annotationId };
  return module === 'infracoes_acao_fiscalizacao'
    ? { ...child, inspection_infraction_type_id: (type.infraction_types as number[])[0] }
    : { ...child, pendency_type_id: (type.pendency_types as number[])[0] };
}
