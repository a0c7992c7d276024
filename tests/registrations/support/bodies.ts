import type { Create } from '../../api/support/bodies.js';

/**
 * A generated registration body the registration's rules accept (tests/api/support/bodies.ts): a new
 * person as the party, one category of persons per database offering one contribution range as its
 * main one (so two bodies may share a number within a category, as a unique-value test asks),
 * a phase numbered by the category's sequence and a situation that numbers; concluded (status 4), so
 * the party's one open registration per category and type does not stop a second body sharing it.
 */
export async function validRegistrationBody(body: Record<string, unknown>, create: Create): Promise<Record<string, unknown>> {
  const person = await create('pessoa_fisica');
  const party = create.records?.get(`pessoa_fisica:${person}`)?.party_id;
  const range = await once(create, 'registration range', () => create('faixa_de_contribuicao'));
  const category = await once(create, 'registration category', () => create('categoria', { person_type: 1, contribution_ranges: [{ contribution_range_id: range, main: true }] }));
  return {
    ...body,
    person_type: 1,
    party_id: party,
    category_id: category,
    contribution_range_id: range,
    registration_phase_id: await create('fases_inscricao', { has_end: false, numeration_externally_controlled: false }),
    situation_id: await create('situacoes', { disable_number: false, number_mask: null }),
    status: 4,
  };
}

/** A record made once per creator (per database), shared by every body that asks for it under `key`. */
function once(create: Create, key: string, make: () => Promise<number>): Promise<number> {
  const made = create.shared?.get(key) ?? make();
  create.shared?.set(key, made);
  return made;
}
