import { memo, type MouseEvent } from 'react';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useListContext, type RaRecord } from 'react-admin';
import type { FieldSpec } from '../types';
import { cellText, type ReferenceNames } from './cellText';
import { useReferenceNames } from './useReferenceNames';

interface Props {
  columns: FieldSpec[];
  onRowClick: (id: RaRecord['id']) => void;
  selectable: boolean;
}

/**
 * The list's rows on plain MUI table primitives: checkbox selection, sortable headers, cells by kind.
 * Every cell is plain text (no react-admin context per row), references named by one request per
 * referenced module for the whole page.
 */
export function LightTable({ columns, onRowClick, selectable }: Props) {
  const { data = [], isPending, selectedIds, onSelect, onToggleItem, sort, setSort } = useListContext();
  const names = useReferenceNames(columns, data);
  const pageIds = data.map((r) => r.id);
  const selectedOnPage = pageIds.filter((id) => selectedIds.includes(id)).length;
  const toggleAll = () =>
    onSelect(selectedOnPage === pageIds.length ? selectedIds.filter((id) => !pageIds.includes(id)) : [...new Set([...selectedIds, ...pageIds])]);
  const sortBy = (field: string) =>
    setSort({ field, order: sort.field === field && sort.order === 'ASC' ? 'DESC' : 'ASC' });
  return (
    <Table size="small" aria-label="Registros">
      <TableHead>
        <TableRow>
          {selectable && (
            <TableCell padding="checkbox">
              <Checkbox
                disabled={pageIds.length === 0}
                checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                onChange={toggleAll}
                slotProps={{ input: { 'aria-label': 'Selecionar todos' } }}
              />
            </TableCell>
          )}
          {columns.map((column) => (
            <TableCell key={column.source} sortDirection={sort.field === column.source ? (sort.order.toLowerCase() as 'asc' | 'desc') : false}>
              {column.sortable === false ? (
                column.label
              ) : (
                <TableSortLabel
                  active={sort.field === column.source}
                  direction={sort.field === column.source ? (sort.order.toLowerCase() as 'asc' | 'desc') : 'asc'}
                  onClick={() => sortBy(column.source)}
                >
                  {column.label}
                </TableSortLabel>
              )}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {!isPending && data.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length + (selectable ? 1 : 0)} sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
              Nenhum registro encontrado
            </TableCell>
          </TableRow>
        )}
        {data.map((record) => (
          <Row
            key={record.id}
            record={record}
            columns={columns}
            names={names}
            selected={selectedIds.includes(record.id)}
            selectable={selectable}
            onToggle={onToggleItem}
            onRowClick={onRowClick}
          />
        ))}
      </TableBody>
    </Table>
  );
}

interface RowProps {
  record: RaRecord;
  columns: FieldSpec[];
  names: ReferenceNames;
  selected: boolean;
  selectable: boolean;
  onToggle: (id: RaRecord['id']) => void;
  onRowClick: (id: RaRecord['id']) => void;
}

// A native checkbox per row: MUI's Checkbox (button base, icons) costs more than the rest of the row.
const ROW_CHECKBOX = { width: 18, height: 18, margin: '0 12px', accentColor: 'var(--mui-palette-primary-main, #1f8a94)', cursor: 'pointer' } as const;

const Row = memo(function Row({ record, columns, names, selected, selectable, onToggle, onRowClick }: RowProps) {
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <TableRow hover selected={selected} onClick={() => onRowClick(record.id)} sx={{ cursor: 'pointer' }}>
      {selectable && (
        <TableCell padding="checkbox" onClick={stop}>
          <input type="checkbox" checked={selected} onChange={() => onToggle(record.id)} aria-label="Selecionar esta linha" style={ROW_CHECKBOX} />
        </TableCell>
      )}
      {columns.map((column) => (
        <TableCell key={column.source}>{cellText(column, record[column.source], names)}</TableCell>
      ))}
    </TableRow>
  );
});
