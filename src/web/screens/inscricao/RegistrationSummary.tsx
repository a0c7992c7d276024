import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { inputs } from '@generated/web/inscricao/form';
import { formatDate } from '../../kit/format';
import { optionOf } from './options';

const specs = inputs('create');
const REFERENCES = ['party_id', 'category_id', 'registration_type_id', 'registration_phase_id', 'situation_id', 'contribution_range_id'] as const;
const DATES = ['registration_date', 'registration_type_date', 'registration_phase_date', 'situation_date', 'contribution_range_date', 'process_date'] as const;

/** The last step: what will be saved, as people read it (names, DD/MM/YYYY; an empty date is today's). */
export function RegistrationSummary() {
  const values = useWatch() as Record<string, unknown>;
  const [names, setNames] = useState<Record<string, string>>({});
  const key = REFERENCES.map((field) => values[field]).join(',');
  useEffect(() => {
    void Promise.all(REFERENCES.map(async (field) => [field, (await optionOf(specs[field].reference.module, values[field]))?.name ?? ''] as const)).then((pairs) =>
      setNames(Object.fromEntries(pairs)),
    );
  }, [key]);
  const personType = specs.person_type.choices.find((choice) => choice.id === values.person_type)?.name ?? '';
  const rows: [string, string][] = [
    [specs.person_type.label, personType],
    ...REFERENCES.map((field) => [specs[field].label, names[field] ?? ''] as [string, string]),
    ...DATES.map((field) => [specs[field].label, values[field] ? formatDate(values[field]) : 'Hoje'] as [string, string]),
    ...(values.number ? [[specs.number.label, String(values.formatted_number ?? values.number)] as [string, string]] : []),
    ...(values.notes ? [[specs.notes.label, String(values.notes)] as [string, string]] : []),
  ];
  return (
    <Box component="dl" aria-label="Revisão da inscrição" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">{label}</Typography>
          <Typography component="dd" sx={{ m: 0 }}>{value}</Typography>
        </Box>
      ))}
    </Box>
  );
}
