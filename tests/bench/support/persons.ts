import type { Kysely } from 'kysely';

// pt-BR given names and surnames, accents as written, of the persons figures 11 and 12 create.
export const GIVEN = [
  'Maria', 'José', 'Ana', 'João', 'Antônio', 'Francisco', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz', 'Marcos', 'Luís', 'Gabriel',
  'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe', 'Raimundo', 'Rodrigo', 'Manoel', 'Mateus', 'André', 'Fernando',
  'Fábio', 'Leonardo', 'Gustavo', 'Guilherme', 'Márcio', 'Cláudio', 'Sérgio', 'Vinícius', 'Otávio', 'Flávio', 'Júlio', 'Mônica',
  'Patrícia', 'Cláudia', 'Fernanda', 'Letícia', 'Júlia', 'Luíza', 'Beatriz', 'Márcia', 'Cecília', 'Inês', 'Lúcia', 'Vitória',
  'Sônia', 'Tânia', 'Aline', 'Camila', 'Juliana', 'Adriana', 'Sandra', 'Helena', 'Larissa', 'Amanda', 'Bárbara', 'Débora',
  'Jéssica', 'Natália', 'Rosângela', 'Irene', 'Joana', 'Heloísa', 'Valéria', 'Estêvão',
];
export const SURNAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro',
  'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade',
  'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas', 'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo',
  'Magalhães', 'Conceição', 'Assunção', 'Brandão', 'Falcão', 'Guimarães', 'Simões', 'Gusmão', 'Aragão', 'Leão', 'Romão', 'Sampaio',
  'Figueiredo', 'Monteiro', 'Cavalcanti', 'Siqueira', 'Bezerra', 'Albuquerque', 'Queiroz', 'Peixoto', 'Tavares', 'Pinheiro', 'Câmara', 'Patrício',
];

/** The reference rows a person names (after the reference seed), and a company to work for. */
export interface PersonReferences {
  personType: number;
  genre: number;
  civilStatus: number;
  city: number;
  uf: number;
  nationality: number;
  carrier: number;
  addressType: number;
  relationType: number;
  regime: number;
  assignment: number;
  employer: number;
}

const idOf = async (db: Kysely<any>, table: string, column: string, value: unknown) =>
  Number((await db.selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow()).id);

/** Finds the seeded reference rows and adds the technical assignment and the employer a work relation needs. */
export async function personReferences(db: Kysely<any>): Promise<PersonReferences> {
  const { id: assignment } = await db.insertInto('technical_assignments').values({ denomination: 'Projeto estrutural' }).returning('id').executeTakeFirstOrThrow();
  const { id: employer } = await db.insertInto('parties')
    .values({ name: 'Construtora Exemplo Ltda', behave_like: 2, party_type_id: await idOf(db, 'party_types', 'code', 'pessoa_juridica') })
    .returning('id').executeTakeFirstOrThrow();
  return {
    personType: await idOf(db, 'party_types', 'code', 'pessoa_fisica'),
    genre: await idOf(db, 'genres', 'denomination', 'Feminino'),
    civilStatus: await idOf(db, 'civil_statuses', 'denomination', 'Solteiro(a)'),
    city: await idOf(db, 'cities', 'ibge_code', 5300108),
    uf: await idOf(db, 'states', 'initials', 'DF'),
    nationality: await idOf(db, 'nationalities', 'denomination', 'Brasileira'),
    carrier: await idOf(db, 'telephone_companies', 'denomination', 'Vivo'),
    addressType: await idOf(db, 'address_types', 'denomination', 'Residencial'),
    relationType: await idOf(db, 'employment_relationship_types', 'denomination', 'Empregado'),
    regime: await idOf(db, 'work_regimes', 'denomination', 'CLT'),
    assignment: Number(assignment),
    employer: Number(employer),
  };
}

/**
 * The `n`th valid CPF (check digits computed) of a series, written out (`123.456.789-09`): distinct
 * for distinct `n` below 10⁹, its digits spread as real ones are (the series steps by a number prime
 * to 10⁹).
 */
export function nthCpf(n: number): string {
  const base = String((n * 387_420_489 + 123_456_789) % 1_000_000_000).padStart(9, '0').split('').map(Number);
  // Ten numbers of the series, none of them near the start, would repeat one digit: not a CPF.
  if (base.every((d) => d === base[0])) throw new Error(`no CPF for ${n}`);
  const check = (digits: number[]) => {
    const sum = digits.reduce((total, d, i) => total + d * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = check(base);
  const second = check([...base, first]);
  const d = [...base, first, second].join('');
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/**
 * A person as the form sends it (a pt-BR name of the lists above), with 10 rows under it: 2 phones, 2 e-mails, 2 addresses, 1 work
 * relation and its 3 times (Monday morning and afternoon, Tuesday morning).
 */
export function personBody(refs: PersonReferences, cpf: string, n: number) {
  return {
    name: `${GIVEN[n % GIVEN.length]} ${SURNAMES[(n * 7) % SURNAMES.length]} ${SURNAMES[(n * 13 + 5) % SURNAMES.length]}`,
    short_name: `${GIVEN[n % GIVEN.length]} ${SURNAMES[(n * 13 + 5) % SURNAMES.length]}`,
    party_type_id: refs.personType,
    date_birth: '1985-03-14',
    genre_id: refs.genre,
    civil_status_id: refs.civilStatus,
    naturalness_id: refs.city,
    nationality_id: refs.nationality,
    individual_registration: cpf,
    telephones: [
      { area_code: '61', number: '99876-5432', telephone_companies_id: refs.carrier, send_sms: true, main: true },
      { area_code: '61', number: '3322-1100', telephone_companies_id: refs.carrier, send_sms: false, main: false },
    ],
    emails: [
      { address: `pessoa.${n}@example.com`, main: true, receive_news: false },
      { address: `pessoa.${n}@trabalho.example.com`, main: false, receive_news: true },
    ],
    addresses: [
      { postal_code: '70040-010', street_address: 'SBS Quadra 2', street_number: '10', uf_id: refs.uf, city_id: refs.city, address_type_id: refs.addressType, main: true },
      { postal_code: '70070-120', street_address: 'SCS Quadra 7', neighborhood: 'Asa Sul', uf_id: refs.uf, city_id: refs.city, address_type_id: refs.addressType, main: false },
    ],
    work_relations: [{
      employer_id: refs.employer, employee_register_id: `M-${n}`, admission_date: '2020-02-01', technical_manager: true, responsible_sector: false,
      employment_relationship_type_id: refs.relationType, work_regime_id: refs.regime, technical_assignment_id: refs.assignment,
      expedients: [
        { expedient_number: 1, day: 2, start: '08:00', end: '12:00' },
        { expedient_number: 2, day: 2, start: '13:00', end: '18:00' },
        { expedient_number: 1, day: 3, start: '08:00', end: '12:00' },
      ],
    }],
  };
}

export type PersonBody = ReturnType<typeof personBody>;

/** Rows under one person: phones, e-mails, addresses, work relations and their times. */
export const subRowsOf = (body: PersonBody) =>
  body.telephones.length + body.emails.length + body.addresses.length + body.work_relations.length + body.work_relations.reduce((n, r) => n + r.expedients.length, 0);
