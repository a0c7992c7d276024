import { memo, useEffect, useRef, type MouseEvent } from 'react';
import { useListContext, type RaRecord } from 'ra-core';
import type { ListColumn } from '../types';
import { ArrowUpwardIcon } from '../plain/icons';
import { cellText, type ReferenceNames } from './cellText';

interface Props {
  columns: ListColumn[];
  names: ReferenceNames;
  /** Absent: the rows open nothing (a read-only list). */
  onRowClick?: (id: RaRecord['id']) => void;
  selectable: boolean;
}

/**
 * The list's rows as a plain table: checkbox selection, sortable headers, cells by kind. Every cell is
 * plain text (no component or context per cell), cut with an ellipsis and whole in its `title`, but
 * a column's own `cell`; references are named by one request per referenced module for the whole page.
 */
export function LightTable({ columns, names, onRowClick, selectable }: Props) {
  const { data = [], selectedIds, onSelect, onToggleItem, sort, setSort } = useListContext();
  const pageIds = data.map((r) => r.id);
  const selectedOnPage = pageIds.filter((id) => selectedIds.includes(id)).length;
  const toggleAll = () =>
    onSelect(selectedOnPage === pageIds.length ? selectedIds.filter((id) => !pageIds.includes(id)) : [...new Set([...selectedIds, ...pageIds])]);
  const sortBy = (field: string) =>
    setSort({ field, order: sort.field === field && sort.order === 'ASC' ? 'DESC' : 'ASC' });
  return (
    <table className={onRowClick ? 'rows' : 'rows read-only'} aria-label="Registros">
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
  columns: ListColumn[];
  names: ReferenceNames;
  selected: boolean;
  selectable: boolean;
  onToggle: (id: RaRecord['id']) => void;
  onRowClick?: (id: RaRecord['id']) => void;
}

const Row = memo(function Row({ record, columns, names, selected, selectable, onToggle, onRowClick }: RowProps) {
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <tr className={selected ? 'selected' : undefined} onClick={onRowClick && (() => onRowClick(record.id))}>
      {selectable && (
        <td className="check" onClick={stop}>
          <input type="checkbox" checked={selected} onChange={() => onToggle(record.id)} aria-label="Selecionar esta linha" />
        </td>
      )}
      {columns.map((column) => {
        if (column.cell) return <td key={column.source}>{column.cell(record)}</td>;
        const text = cellText(column, record[column.source], names);
        return (
          <td key={column.source} title={text || undefined}>
            <span className="cell">{text}</span>
          </td>
        );
      })}
    </tr>
  );
});
