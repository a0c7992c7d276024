import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { FieldSpec } from '../types';
import { formatDate } from '../format';
import { grantFields } from '../inputs/PermissionGrantsInput';
import { permissionLabel, usePermissionCatalogue } from '../permissions/catalogue';

export function PermissionName({ name }: { name: unknown }) {
  const catalogue = usePermissionCatalogue();
  return (
    <Typography component="span" variant="body2">
      {permissionLabel(catalogue, name)}
    </Typography>
  );
}

/** Grants read-only: permission, 'Concedida' Sim/Não, 'Validade' a date or 'Permanente'. */
export function GrantsValue({ spec, items }: { spec: FieldSpec; items: Record<string, unknown>[] }) {
  const catalogue = usePermissionCatalogue();
  const { permission, granted, expiry } = grantFields(spec);
  return (
    <Table size="small" sx={{ maxWidth: 720 }}>
      <TableHead>
        <TableRow>
          <TableCell>{permission?.label ?? 'Permissão'}</TableCell>
          <TableCell>Concedida</TableCell>
          <TableCell>Validade</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((item, index) => (
          <TableRow key={String(item.id ?? index)}>
            <TableCell>{permissionLabel(catalogue, permission && item[permission.source])}</TableCell>
            <TableCell>{granted && item[granted.source] === false ? 'Não' : 'Sim'}</TableCell>
            <TableCell>{expiry && item[expiry.source] ? formatDate(item[expiry.source]) : 'Permanente'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
