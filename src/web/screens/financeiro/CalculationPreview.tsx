import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { DateTextField } from '@kit';
import { parseTypedDecimal } from '../../../shared/decimals';
import { formatMoney } from '../../kit/format';
import { failureOf } from '../../pages/bare/failure';
import { http } from '../../services';

const WAIT_MS = 300;

/** The setting a form holds, as the calculation route names it (`<part>_configs`). */
export type SettingPart = 'value_update' | 'interest_update' | 'forfeit_update' | 'value_rounding';

export interface CalculationAnswer {
  days_late: number;
  places: number;
  updated_value: string;
  interest: string;
  forfeit: string;
  total: string;
  rounding: string;
}

/**
 * An amount as money reads: `'1234.56'` → `'R$ 1.234,56'`, always to the cent, rounded half up for
 * display with decimal.js (no float in between), whatever places the calculation kept: the rounding
 * it applied, computed to 13 places, reads `R$ 0,00` rather than `R$ 0,0012464014193`.
 */
export const formatAmount = (value: string): string => formatMoney(value);

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const daysAgo = (days: number) => isoDay(new Date(Date.now() - days * 86_400_000));

const LINES: [keyof CalculationAnswer, string][] = [
  ['updated_value', 'Valor atualizado'],
  ['interest', 'Juros'],
  ['forfeit', 'Multa'],
  ['total', 'Total'],
  ['rounding', 'Arredondamento aplicado'],
];

type Preview = { answer: CalculationAnswer } | { error: string } | null;

/**
 * 'Simulação' under a setting's form: an amount due on a day and paid on another (dates typed
 * DD/MM/AAAA, as every date of the product), calculated by the server (`POST /api/finance/calculation`)
 * with the configurations the form holds now, saved or not, and shown in reais to the cent.
 */
export function CalculationPreview({ part }: { part: SettingPart }) {
  const configs = useWatch({ name: 'configs' }) as unknown;
  const [typed, setTyped] = useState('1.000,00');
  const [due, setDue] = useState<string | null>(daysAgo(30));
  const [paid, setPaid] = useState<string | null>(isoDay(new Date()));
  const [preview, setPreview] = useState<Preview>(null);
  const amount = parseTypedDecimal(typed);
  const payload = JSON.stringify({ amount: amount ?? typed, due_date: due, payment_date: paid, [`${part}_configs`]: Array.isArray(configs) ? configs : [] });
  useEffect(() => {
    let current = true;
    const timer = setTimeout(async () => {
      try {
        const { json } = await http<{ data: CalculationAnswer }>({ method: 'POST', path: '/api/finance/calculation', body: JSON.parse(payload) });
        if (current) setPreview({ answer: json.data });
      } catch (error) {
        const failure = failureOf(error);
        if (current) setPreview({ error: [Object.values(failure.fields)[0]].flat()[0] ?? failure.message });
      }
    }, WAIT_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [payload]);
  return (
    <Box component="section" aria-label="Simulação" sx={{ mt: 2, mb: 1, width: '100%' }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        Simulação
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))', columnGap: 2 }}>
        <TextField label="Valor" value={typed} onChange={(event) => setTyped(event.target.value)} margin="dense" slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <DateTextField label="Vencimento" value={due} onChange={setDue} margin="dense" slotProps={{ inputLabel: { shrink: true } }} />
        <DateTextField label="Pagamento" value={paid} onChange={setPaid} margin="dense" slotProps={{ inputLabel: { shrink: true } }} />
      </Box>
      <Box role="status" aria-live="polite" sx={{ minHeight: '1.5em', mt: 1 }}>
        {preview && 'error' in preview && (
          <Typography variant="body2" color="error.main">
            {preview.error}
          </Typography>
        )}
        {preview && 'answer' in preview && (
          <Box component="dl" data-testid="calculation-preview" sx={{ display: 'grid', gridTemplateColumns: 'max-content max-content', columnGap: 3, rowGap: 0.5, m: 0 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              Dias de atraso
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
              {preview.answer.days_late}
            </Typography>
            {LINES.map(([key, label]) => (
              <Box key={key} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" data-field={key} sx={{ m: 0, textAlign: 'right', fontWeight: key === 'total' ? 600 : undefined }}>
                  {formatAmount(String(preview.answer[key]))}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
