import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useRecordContext } from 'react-admin';
import { formatDate } from '../../kit/format';
import { http } from '../../services';

interface Employee {
  id: number;
  person_id: number;
  name: string;
  individual_registration: string;
  employee_register_id: string;
  sector: string | null;
  admission_date: string;
  resignation_date: string | null;
}

export const NO_EMPLOYEES = 'Nenhuma pessoa física tem vínculo com esta pessoa jurídica.';

/**
 * Under a legal entity's form: the persons it employs, as their work relations name it (read-only;
 * a relation is changed on the person's form, which each name opens), with the enrollment, sector,
 * admission and, for a relation ended, its resignation.
 */
export function EmployeesPanel() {
  const record = useRecordContext();
  const [employees, setEmployees] = useState<Employee[] | null>(null);
  const id = record?.id;
  useEffect(() => {
    if (id === undefined) return;
    void http<{ data: Employee[] }>({ path: `/api/pessoa_juridica/${encodeURIComponent(String(id))}/vinculos` }).then(({ json }) => setEmployees(json.data));
  }, [id]);
  if (!record || employees === null) return null;
  return (
    <Box component="section" aria-label="Vínculos empregatícios com esta pessoa jurídica" sx={{ width: '100%', mt: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>Vínculos empregatícios</Typography>
      {employees.length === 0 ? (
        <Typography>{NO_EMPLOYEES}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {employees.map((employee) => (
            <li key={employee.id}>
              <Link to={`/pessoa_fisica/${employee.person_id}`}>{employee.name}</Link> · CPF {employee.individual_registration} · Matrícula {employee.employee_register_id}
              {employee.sector ? ` · ${employee.sector}` : ''} · desde {formatDate(employee.admission_date)}
              {employee.resignation_date ? ` até ${formatDate(employee.resignation_date)}` : ''}
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
