import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

interface Props {
  /** What the file is ('Planilha'): the group's name and the picker's. */
  label: string;
  /** The types offered, as the input's `accept` (`.csv,.xlsx`). */
  accept?: string;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

/**
 * A file chosen outside a record form (a spreadsheet to import), in pt-BR whatever the browser's
 * language: 'Escolher arquivo' and, beside it, the chosen file's name or 'Nenhum arquivo escolhido'.
 * The browser's own file input would say 'Choose file' / 'No file chosen' in an English one.
 */
export function FilePicker({ label, accept, file, onChange, disabled = false }: Props) {
  const id = useId();
  return (
    <Box role="group" aria-labelledby={`${id}-label`} sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, minWidth: 0 }}>
      <Typography id={`${id}-label`} component="span" variant="body2">
        {label}
      </Typography>
      <Button size="small" variant="outlined" component="label" disabled={disabled}>
        Escolher arquivo
        <input
          hidden
          type="file"
          aria-label={label}
          accept={accept}
          onChange={(event) => {
            onChange(event.target.files?.[0] ?? null);
            // The same file chosen again is a change too.
            event.target.value = '';
          }}
        />
      </Button>
      <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} sx={{ overflowWrap: 'anywhere', minWidth: 0 }} aria-live="polite">
        {file ? file.name : 'Nenhum arquivo escolhido'}
      </Typography>
    </Box>
  );
}
