import { useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useInput, type Validator } from 'react-admin';
import { DEFAULT_AVATAR, imageSizeProblem, imageTypeProblem } from './imageChecks';

interface Props {
  source: string;
  label: string;
  validate?: Validator[];
  readOnly?: boolean;
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

const dimensions = (url: string) =>
  new Promise<{ width: number; height: number }>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('imagem ilegível'));
    image.src = url;
  });

/** An image kept as a data URL: preview (the default avatar when none), JPEG/PNG of 300×300 only. */
export function ImageInput({ source, label, validate, readOnly }: Props) {
  const { field, fieldState, id } = useInput({ source, validate });
  const [problem, setProblem] = useState<string>();
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const wrongType = imageTypeProblem(file);
    if (wrongType) return setProblem(wrongType);
    try {
      const url = await readAsDataUrl(file);
      const { width, height } = await dimensions(url);
      const wrongSize = imageSizeProblem(width, height);
      if (wrongSize) return setProblem(wrongSize);
      setProblem(undefined);
      field.onChange(url);
    } catch {
      setProblem('Não foi possível ler a imagem escolhida.');
    }
  };
  const message = problem ?? (fieldState.invalid ? fieldState.error?.message : undefined);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 1 }}>
      <Box component="img" src={field.value || DEFAULT_AVATAR} alt={field.value ? label : `${label}: imagem padrão`} sx={{ width: 96, height: 96, borderRadius: '50%', objectFit: 'cover', border: '1px solid #ddd' }} />
      <Box>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        {!readOnly && (
          <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
            <Button component="label" variant="outlined" size="small">
              Escolher imagem
              <input id={id} hidden type="file" accept=".jpg,.jpeg,.png,image/jpeg,image/png" onChange={choose} aria-label={label} />
            </Button>
            {field.value && (
              <Button size="small" onClick={() => field.onChange(null)}>
                Remover imagem
              </Button>
            )}
          </Box>
        )}
        <FormHelperText error={Boolean(message)}>{message ?? 'JPEG ou PNG, 300×300 pixels.'}</FormHelperText>
      </Box>
    </Box>
  );
}
