import { useEffect, useState } from 'react';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { councilYear as yearOf } from '../../../shared/council-clock';
import { http } from '../../services';
import { failureOf } from '../../pages/bare/failure';

const WAIT_MS = 300;

const int = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : null);

/** This year on the council's calendar, as the server counts it. */
export const councilYear = () => yearOf();

/** The number the next draw gives, as the server's draw decides it (annual restart, start, increment). */
export function nextNumber(values: Record<string, unknown>, year = councilYear()): number | null {
  const [number, start, increment, lastYear] = [int(values.number), int(values.start), int(values.increment), int(values.last_draw_year)];
  if (number === null || start === null || increment === null) return null;
  const restart = values.annual_restart === true && lastYear !== null && year > lastYear;
  return restart || number < start ? start : number + increment;
}

type Preview = { text: string; error: boolean } | null;

/**
 * 'Próximo número', live: the mask, the number the next draw gives and the book position, formatted
 * by the server exactly as a draw formats them (`POST /api/sequencias/mask_preview`), or what is
 * wrong with the mask, as a save would say it.
 */
export function MaskPreview() {
  const values = useWatch() as Record<string, unknown>;
  const [preview, setPreview] = useState<Preview>(null);
  const number = nextNumber(values);
  const hasBook = values.has_book === true;
  const payload = JSON.stringify({
    formatting: values.formatting ?? null, number, year: councilYear(), annual_restart: values.annual_restart === true, has_book: hasBook,
    ...(hasBook ? { book: int(values.number_book), leaf: int(values.number_leaf), order: int(values.number_order) } : {}),
  });
  const blank = typeof values.formatting !== 'string' || values.formatting.trim() === '';
  useEffect(() => {
    if (number === null || Number.isNaN(number)) return setPreview(null);
    // No mask: the number as it is (the server previews masks only); with annual restart the save asks for one.
    if (blank) return setPreview(values.annual_restart === true ? null : { text: String(number), error: false });
    let current = true;
    const timer = setTimeout(async () => {
      try {
        const { json } = await http<{ data: string }>({ method: 'POST', path: '/api/sequencias/mask_preview', body: JSON.parse(payload) });
        if (current) setPreview({ text: json.data, error: false });
      } catch (error) {
        const failure = failureOf(error);
        if (current) setPreview({ text: Object.values(failure.fields)[0] ?? failure.message, error: true });
      }
    }, WAIT_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [payload, number, blank]);
  return (
    <Typography component="p" variant="body2" role="status" aria-live="polite" sx={{ mt: 0.5, mb: 2, minHeight: '1.5em', color: preview?.error ? 'error.main' : 'text.secondary' }}>
      {preview && (preview.error ? preview.text : <>Próximo número: <strong data-testid="mask-preview">{preview.text}</strong></>)}
    </Typography>
  );
}
