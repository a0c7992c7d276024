import { cloneElement, type ReactNode } from 'react';
import { useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { resourceMessages } from '../../../../generated/web/messages.pt-BR';
import { KindField, type FormInputsProps } from '../../kit';
import { useFormReadOnly } from '../../kit/formMode';
import { useBookBlocks } from './bookBlocks';
import { DrawNumber } from './DrawNumber';
import { generatedInputs, type InputElement } from './generatedInputs';
import { MaskPreview } from './MaskPreview';

/** What the last draw took (server-set), labelled as the schema names them. */
const LAST_DRAW = ['last_drawn_number', 'last_draw_year', 'last_drawn_book', 'last_drawn_leaf', 'last_drawn_order'];
const labels: Record<string, string> = resourceMessages.resources.sequencias.fields;

/** Inputs side by side while they fit (two on a phone), each at least 9 rem wide. */
function Row({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))', columnGap: 2, width: '100%' }}>
      {children}
    </Box>
  );
}

/** The book, leaf and order blocks side by side (on a phone one under the other, two inputs a row), greyed out and empty without has_book. */
function BookSection({ hasBook, blocks }: { hasBook: boolean; blocks: [string, (InputElement | undefined)[]][] }) {
  return (
    <Box component="fieldset" disabled={!hasBook} sx={{ border: 0, p: 0, m: 0, mb: 1, minWidth: 0, width: '100%', opacity: hasBook ? 1 : 0.55 }}>
      <Typography component="legend" variant="subtitle2" sx={{ p: 0, mb: 1 }}>
        Livro, folha e ordem
      </Typography>
      {!hasBook && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Ative 'Possui livro' para numerar também livro, folha e ordem.
        </Typography>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))', columnGap: 2, width: '100%' }}>
        {blocks.map(([label, inputs]) => (
          <Box key={label} role="group" aria-label={label} sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))', columnGap: 2, alignContent: 'start' }}>
            {inputs.map((input) => input && cloneElement(input, { required: hasBook }))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The sequence form: the generated inputs placed in rows, the live mask preview under the mask,
 * 'Possui livro' filling and clearing the book blocks, and, on a sequence being viewed, 'Gerar
 * número' and what the last draw took.
 */
export function SequenceInputs({ mode }: FormInputsProps) {
  const input = generatedInputs(mode);
  const hasBook = useBookBlocks();
  const viewing = useFormReadOnly();
  const record = useRecordContext();
  return (
    <>
      {mode === 'edit' && <DrawNumber />}
      {input.name}
      <Row>
        {input.number}
        {input.start}
        {input.increment}
      </Row>
      {input.formatting}
      <MaskPreview />
      <Row>
        {input.annual_restart}
        {input.auto_numbering}
        {input.has_book}
      </Row>
      {(!viewing || hasBook) && (
        <BookSection
          hasBook={hasBook}
          blocks={[
            ['Livro', [input.number_book, input.start_book, input.increment_book]],
            ['Folha', [input.number_leaf, input.start_leaf, input.end_leaf, input.increment_leaf]],
            ['Ordem', [input.number_order, input.start_order, input.end_order, input.increment_order]],
          ]}
        />
      )}
      {input.inactivated}
      {viewing && record?.last_drawn_number != null && (
        <Row>
          {(hasBook ? LAST_DRAW : LAST_DRAW.slice(0, 2)).map((source) => (
            <KindField key={source} source={source} kind="integer" label={labels[source]} />
          ))}
        </Row>
      )}
    </>
  );
}
