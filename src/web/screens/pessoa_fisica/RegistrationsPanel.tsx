import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useCanAccess, useRecordContext } from 'react-admin';
import { choices } from '@generated/web/inscricao/choices';
import { formatDate } from '../../kit/format';
import { http } from '../../services';

interface Registration {
  id: number;
  formatted_number: string | null;
  category: string;
  situation: string;
  status: number;
  registration_date: string | null;
}

export const NO_REGISTRATIONS = 'Nenhuma inscrição desta pessoa.';

const statusName = (status: number) => choices.status.find((choice) => choice.id === status)?.name ?? '';

/**
 * Under a person's record, to whoever may list registrations: the person's registrations (by the CPF,
 * `GET /api/inscricao/parte/1/{cpf}`), each its number opening it, with its category, situation,
 * status and date.
 */
export function RegistrationsPanel() {
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ resource: 'inscricao', action: 'list' });
  const [registrations, setRegistrations] = useState<Registration[] | null>(null);
  const cpf = typeof record?.individual_registration === 'string' ? record.individual_registration.replace(/\D/g, '') : '';
  useEffect(() => {
    if (!canAccess || cpf === '') return;
    let current = true;
    http<{ data: Registration[] }>({ path: `/api/inscricao/parte/1/${cpf}` })
      .then(({ json }) => current && setRegistrations(json.data))
      .catch(() => current && setRegistrations([]));
    return () => {
      current = false;
    };
  }, [canAccess, cpf]);
  if (!record || !canAccess || registrations === null) return null;
  return (
    <Box component="section" aria-label="Inscrições desta pessoa" sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>Inscrições</Typography>
      {registrations.length === 0 ? (
        <Typography>{NO_REGISTRATIONS}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, overflowWrap: 'anywhere' }}>
          {registrations.map((registration) => (
            <Box component="li" key={registration.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Link to={`/inscricao/${registration.id}`}>{registration.formatted_number ? `Inscrição ${registration.formatted_number}` : `Inscrição sem número (#${registration.id})`}</Link>
              {` · ${registration.category} · ${registration.situation} · ${statusName(registration.status)}`}
              {registration.registration_date ? ` · desde ${formatDate(registration.registration_date)}` : ''}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
