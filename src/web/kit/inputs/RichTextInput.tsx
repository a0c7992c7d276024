import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useInput, type Validator } from 'react-admin';

interface Props {
  source: string;
  label: string;
  validate?: Validator[];
  helperText?: React.ReactNode;
}

// TipTap and its toolbar are a chunk of their own: only a form with a rich-text field asks for it.
const RichTextEditorChunk = lazy(() => import('./RichTextEditor'));

/**
 * A rich-text field (kind `richtext`): TipTap's editor in mui-tiptap's MUI frame, kept in the form as
 * HTML (`''` when empty, so 'required' reads it). The server sanitises what is saved; the editor only
 * produces the tags the sanitiser keeps (paragraphs, headings, bold, italic, lists, links, quotes, code).
 */
export function RichTextInput({ source, label, validate, helperText }: Props) {
  const { field, fieldState, id } = useInput({ source, validate });
  const message = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <Box sx={{ my: 1, width: '100%' }} className="rich-text-input">
      <Typography component="label" htmlFor={id} variant="body2" color={message ? 'error' : 'text.secondary'} sx={{ display: 'block', mb: 0.5 }}>
        {label}
      </Typography>
      <Suspense fallback={<Box sx={{ minHeight: 160, border: 1, borderColor: 'divider', borderRadius: 1 }} aria-busy="true" />}>
        <RichTextEditorChunk id={id} label={label} value={typeof field.value === 'string' ? field.value : ''} onChange={field.onChange} onBlur={field.onBlur} invalid={Boolean(message)} />
      </Suspense>
      <FormHelperText error={Boolean(message)}>{message ?? helperText ?? ' '}</FormHelperText>
    </Box>
  );
}
