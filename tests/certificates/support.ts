/**
 * A registration to certify, made through the API as staff would: the registration set-up, a person
 * and their registration in the active situation, and the two kinds of certificate template.
 */
import { registrationSetUp, type Post, type RegistrationSetUp } from '../registrations/support/configuration.js';

export const CPF = '529.982.247-25';

export interface CertifiedRegistration {
  setUp: RegistrationSetUp;
  registration: Record<string, any> & { id: number };
  templates: { regularity: number; card: number };
}

export const REGULARITY_BODY = 'Certificamos que {nome}, CPF {cpf}, inscrição nº {numero_inscricao} na categoria {categoria}, está regular perante este conselho em {data_emissao}.';

export async function certifiedRegistration(post: Post, option: (module: string, label: string, combo?: string) => Promise<number>, tag = ''): Promise<CertifiedRegistration> {
  const setUp = await registrationSetUp(post, tag);
  const person = await post('/api/pessoa_fisica', {
    name: `Maria da Silva Souza${tag}`, short_name: 'Maria', date_birth: '1985-03-14', individual_registration: CPF,
    party_type_id: await option('tipos_parte', 'Pessoa Física', 'pessoa_fisica'), genre_id: await option('generos', 'Feminino'),
    civil_status_id: await option('estados_civis', 'Solteiro(a)'), naturalness_id: await option('municipios', 'Aracaju'),
    nationality_id: await option('nacionalidades', 'Brasileira'),
  });
  const registration = await post('/api/inscricao', {
    person_type: 1, party_id: person.party_id, category_id: setUp.categories.engineer, registration_type_id: setUp.type,
    registration_phase_id: setUp.phases.definitive, situation_id: setUp.situations.active, contribution_range_id: setUp.ranges.full,
  }) as CertifiedRegistration['registration'];
  const templates = {
    regularity: (await post('/api/modelo_certidao', { kind: 'regularidade', title: `Certidão de Regularidade${tag}`, body: REGULARITY_BODY, validity_days: 30 })).id,
    card: (await post('/api/modelo_certidao', { kind: 'carteira', title: `Carteira de Registro Profissional${tag}`, body: '{nome}\nInscrição {numero_inscricao}\n{categoria}', validity_days: 365 })).id,
  };
  return { setUp, registration, templates };
}
