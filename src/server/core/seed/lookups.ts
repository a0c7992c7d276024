/**
 * The small standard lists of the simple lookups, by table. Only values in common use in Brazil:
 * the IBGE regions, CLT-era work regimes, MEC course levels, the Correios' return reasons as
 * address restrictions, the mobile and fixed telephone companies with national reach, and the
 * nationalities (feminine, as forms ask 'Nacionalidade: Brasileira') of the peoples most often met
 * in Brazil's registries, others added by each council.
 */
export const LOOKUP_VALUES: Record<string, string[]> = {
  civil_statuses: ['Solteiro(a)', 'Casado(a)', 'Divorciado(a)', 'Viúvo(a)', 'Separado(a) judicialmente', 'União estável'],
  genres: ['Masculino', 'Feminino', 'Outro', 'Não informado'],
  address_types: ['Residencial', 'Comercial', 'Correspondência'],
  address_restrictions: [
    'Mudou-se',
    'Endereço insuficiente',
    'Não existe o número indicado',
    'Desconhecido',
    'Recusado',
    'Falecido',
  ],
  // The revenue events a legal base enables and a generator fact triggers (docs/FINANCE.md 'Legal bases').
  revenue_events: [
    'Anuidade de pessoa física', 'Anuidade de pessoa jurídica', 'Taxa de inscrição', 'Taxa de expedição de carteira profissional',
    'Taxa de certidão', 'Taxa de anotação de responsabilidade técnica', 'Multa por infração ao exercício profissional',
    'Multa por infração ao código de ética', 'Multa eleitoral', 'Acordo de parcelamento',
  ],
  regions: ['Norte', 'Nordeste', 'Centro-Oeste', 'Sudeste', 'Sul'],
  work_regimes: ['CLT', 'Estatutário', 'Autônomo', 'Temporário', 'Estágio'],
  employment_relationship_types: ['Empregado', 'Servidor público', 'Sócio', 'Diretor', 'Prestador de serviços', 'Cooperado'],
  course_levels: ['Técnico', 'Tecnólogo', 'Graduação', 'Especialização', 'Mestrado', 'Doutorado'],
  course_completion_situations: ['Concluído', 'Em andamento', 'Trancado', 'Cancelado'],
  telephone_companies: ['Vivo', 'Claro', 'TIM', 'Oi', 'Algar Telecom', 'Sercomtel'],
  nationalities: [
    'Brasileira', 'Brasileira (naturalizada)', 'Alemã', 'Angolana', 'Argentina', 'Australiana', 'Austríaca', 'Belga',
    'Boliviana', 'Britânica', 'Cabo-verdiana', 'Canadense', 'Chilena', 'Chinesa', 'Colombiana', 'Coreana', 'Cubana',
    'Dinamarquesa', 'Equatoriana', 'Espanhola', 'Estadunidense', 'Filipina', 'Finlandesa', 'Francesa', 'Grega',
    'Guineense', 'Haitiana', 'Holandesa', 'Húngara', 'Indiana', 'Irlandesa', 'Israelense', 'Italiana', 'Japonesa',
    'Libanesa', 'Mexicana', 'Moçambicana', 'Nigeriana', 'Norueguesa', 'Paraguaia', 'Peruana', 'Polonesa',
    'Portuguesa', 'Russa', 'São-tomense', 'Senegalesa', 'Síria', 'Suíça', 'Sueca', 'Timorense', 'Turca', 'Ucraniana',
    'Uruguaia', 'Venezuelana',
  ],
};
