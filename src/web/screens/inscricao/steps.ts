import { inputs } from '@generated/web/inscricao/form';

export type RegistrationField = keyof ReturnType<typeof inputs>;

/** The registration's insert steps (spec 001: a multi-step form from step 1), each with the fields it shows. */
export const STEPS: readonly { label: string; fields: readonly RegistrationField[] }[] = [
  { label: 'Tipo de pessoa', fields: ['person_type'] },
  { label: 'Inscrito', fields: ['party_id'] },
  { label: 'Categoria', fields: ['category_id'] },
  { label: 'Registro', fields: ['registration_type_id', 'registration_phase_id', 'situation_id'] },
  { label: 'Contribuição e datas', fields: ['contribution_range_id', 'registration_date', 'registration_type_date', 'registration_phase_date', 'situation_date', 'contribution_range_date'] },
  { label: 'Números', fields: ['number', 'formatted_number', 'book_number', 'leaf_number', 'order_number', 'process_number', 'process_formatted_number', 'process_date'] },
  { label: 'Observações', fields: ['notes'] },
  { label: 'Revisão', fields: [] },
];

/** The first step holding one of these fields (a server's 422 sends the form there). */
export const stepOf = (fields: readonly string[]): number => {
  const index = STEPS.findIndex((step) => step.fields.some((field) => fields.includes(field)));
  return index === -1 ? STEPS.length - 1 : index;
};
