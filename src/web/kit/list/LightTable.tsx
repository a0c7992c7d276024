import { memo, useEffect, useRef, type MouseEvent } from 'react';
import { useListContext, type RaRecord } from 'ra-core';
import type { FieldSpec } from '../types';
import { ArrowUpwardIcon } from '../plain/icons';
import { cellText, type ReferenceNames } from './cellText';
import { useReferenceNames } from './useReferenceNames';

interface Props {
  columns: FieldSpec[];
  onRowClick: (id: RaRecord['id']) => void;
  selectable: boolean;
}

/**
 * The list's rows as a plain table: checkbox selection, sortable headers, cells by kind. Every cell is
 * plain text (no component or context per cell), references named by one request per referenced
 * module for the whole page.
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
    <table className="rows" aria-label="Registros">
      <thead>
        <tr>
          {selectable && (
            <th className="check">
              <AllCheckbox
                disabled={pageIds.length === 0}
                checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                onChange={toggleAll}
              />
            </th>
          )}
          {columns.map((column) => (
            <th key={column.source} aria-sort={sort.field === column.source ? (sort.order === 'ASC' ? 'ascending' : 'descending') : undefined}>
              {column.sortable === false ? (
                column.label
              ) : (
                <button type="button" onClick={() => sortBy(column.source)}>
                  {column.label}
                  <ArrowUpwardIcon />
                </button>
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {!isPending && data.length === 0 && (
          <tr>
            <td className="empty" colSpan={columns.length + (selectable ? 1 : 0)}>
              Nenhum registro encontrado
            </td>
          </tr>
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
      </tbody>
    </table>
  );
}

/** 'Selecionar todos', partly checked while only some rows of the page are selected. */
function AllCheckbox({ indeterminate, ...props }: { disabled: boolean; checked: boolean; indeterminate: boolean; onChange: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return <input ref={input} type="checkbox" aria-label="Selecionar todos" {...props} />;
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

const Row = memo(function Row({ record, columns, names, selected, selectable, onToggle, onRowClick }: RowProps) {
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <tr className={selected ? 'selected' : undefined} onClick={() => onRowClick(record.id)}>
      {selectable && (
        <td className="check" onClick={stop}>
          <input type="checkbox" checked={selected} onChange={() => onToggle(record.id)} aria-label="Selecionar esta linha" />
        </td>
      )}
      {columns.map((column) => (
        <td key={column.source}>{cellText(column, record[column.source], names)}</td>
      ))}
    </tr>
  );
});
