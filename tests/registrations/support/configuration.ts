/**
 * A council's registration set-up made through the API, as its staff would: the sequences, the
 * phases, the situations and their next ones, the contribution ranges, a registration type and a
 * category for persons and one for companies. Shared by the API, concurrency and browser tests.
 */
export type Post = (path: string, body: Record<string, unknown>, method?: 'POST' | 'PUT') => Promise<{ id: number } & Record<string, unknown>>;

export interface RegistrationSetUp {
  sequences: { number: number; process: number; provisional: number };
  phases: { definitive: number; provisional: number; historical: number };
  situations: { review: number; active: number; suspended: number; cancelled: number };
  ranges: { full: number; reduced: number; exempt: number };
  type: number;
  categories: { engineer: number; company: number };
}

const sequence = (name: string, formatting: string) => ({ name, formatting, number: 0, start: 1, increment: 1, annual_restart: true, auto_numbering: true, has_book: false });

export async function registrationSetUp(post: Post, tag = ''): Promise<RegistrationSetUp> {
  const id = async (path: string, body: Record<string, unknown>) => (await post(path, body)).id;
  const sequences = {
    number: await id('/api/sequencias', sequence(`Inscrições${tag}`, '{numero:6}/{ano}')),
    process: await id('/api/sequencias', sequence(`Processos de inscrição${tag}`, 'PROC-{numero:5}/{ano}')),
    provisional: await id('/api/sequencias', sequence(`Inscrições provisórias${tag}`, 'P{numero:4}/{ano}')),
  };
  const phases = {
    definitive: await id('/api/fases_inscricao', { denomination: `Definitiva${tag}`, has_end: false, numeration_externally_controlled: false }),
    provisional: await id('/api/fases_inscricao', { denomination: `Provisória${tag}`, registration_number_sequence_id: sequences.provisional, has_end: true, amount_months_term: 12, numeration_externally_controlled: false }),
    historical: await id('/api/fases_inscricao', { denomination: `Histórica${tag}`, has_end: false, numeration_externally_controlled: true }),
  };
  const situationBodies = {
    cancelled: { denomination: `Cancelada${tag}` },
    suspended: { denomination: `Suspensa${tag}`, interrupts_contribution_charges: true },
    active: { denomination: `Ativa${tag}`, active: true, registered: true, number_mask: '000000/0000' },
    review: { denomination: `Em análise${tag}`, disable_number: true },
  };
  const situations = {
    cancelled: await id('/api/situacoes', situationBodies.cancelled),
    suspended: await id('/api/situacoes', situationBodies.suspended),
    active: await id('/api/situacoes', situationBodies.active),
    review: await id('/api/situacoes', situationBodies.review),
  };
  const next = async (from: keyof typeof situations, list: [number, boolean][]) =>
    post(`/api/situacoes/${situations[from]}`, { ...situationBodies[from], next_situations: list.map(([next_situation_id, main]) => ({ next_situation_id, default: main })) }, 'PUT');
  await next('review', [[situations.active, true], [situations.cancelled, false]]);
  await next('active', [[situations.suspended, true], [situations.cancelled, false]]);
  await next('suspended', [[situations.active, true], [situations.cancelled, false]]);
  const ranges = {
    full: await id('/api/faixa_de_contribuicao', { denomination: `Integral${tag}` }),
    reduced: await id('/api/faixa_de_contribuicao', { denomination: `Reduzida${tag}` }),
    exempt: await id('/api/faixa_de_contribuicao', { denomination: `Isenta${tag}`, exempt: true }),
  };
  const type = await id('/api/tipos_registro', { denomination: `Principal${tag}`, situation_default: situations.active, number_phases_default: phases.definitive });
  const category = (denomination: string, person_type: number, list: [number, boolean][]) => id('/api/categoria', {
    denomination, person_type, registration_type_default: type,
    registration_number_sequence_id: sequences.number, registration_process_number_sequence_id: sequences.process,
    contribution_ranges: list.map(([contribution_range_id, main]) => ({ contribution_range_id, main })),
  });
  const categories = {
    engineer: await category(`Engenheiro civil${tag}`, 1, [[ranges.full, true], [ranges.reduced, false]]),
    company: await category(`Empresa de engenharia${tag}`, 2, [[ranges.full, true]]),
  };
  return { sequences, phases, situations, ranges, type, categories };
}
