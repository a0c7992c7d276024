import type { FieldSpec } from '@kit/types';

/** The settings form's fields: the institution among the legal entities, the president among the persons. */
export const INSTITUTION_FIELDS: FieldSpec[] = [
  {
    source: 'institution_id', kind: 'reference', label: 'Instituição', required: true,
    reference: { module: 'partes', combo: 'pessoas_juridicas', typeAhead: true },
    helperText: 'A pessoa jurídica do conselho: o empregador de um novo vínculo empregatício, até que se escolha outro.',
  },
  { source: 'president_id', kind: 'reference', label: 'Presidente', required: true, reference: { module: 'partes', combo: 'pessoas_fisicas', typeAhead: true } },
  {
    source: 'update_job_relations', kind: 'boolean', label: 'Atualizar vínculos empregatícios',
    helperText: 'Ao trocar a instituição, os vínculos empregatícios atuais (sem data de desligamento) com a instituição anterior passam para a nova.',
  },
];

/** What the save adds to its message: how many work relations moved to the new institution, when any did. */
export function movedSentence(moved: number): string {
  if (moved <= 0) return '';
  return moved === 1
    ? ' 1 vínculo empregatício passou para a nova instituição.'
    : ` ${moved.toLocaleString('pt-BR')} vínculos empregatícios passaram para a nova instituição.`;
}
