import { useRecordContext } from 'react-admin';
import { FormSections } from '@kit';
import type { FieldSpec } from '@kit/types';
import { inputs, sections } from '@generated/web/inscricao/form';

/**
 * The numbers a sequence drew for a registration (its number, book, leaf and order, and its process
 * number): an edit keeps them whatever it sends (docs/REGISTRATIONS.md, 'A registration's numbers').
 */
export const DRAWN_NUMBER_FIELDS = ['number', 'formatted_number', 'book_number', 'leaf_number', 'order_number', 'process_number', 'process_formatted_number'] as const;

/** The generated registration form, its drawn numbers shown but not editable. */
export function InscricaoEditInputs() {
  const record = useRecordContext();
  const specs: Record<string, FieldSpec> = inputs('edit');
  const drawn = record?.sequence_auto === true;
  const shown = drawn ? { ...specs, ...Object.fromEntries(DRAWN_NUMBER_FIELDS.map((name) => [name, { ...specs[name], viewOnly: true }])) } : specs;
  return <FormSections sections={sections} inputs={shown} />;
}
