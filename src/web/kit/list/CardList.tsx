import { memo } from 'react';
import { useListContext, type RaRecord } from 'ra-core';
import type { ListColumn } from '../types';
import { cellText, type ReferenceNames } from './cellText';

interface Props {
  /** Primary, secondary and tertiary text, in that order (`cardColumns`). */
  columns: ListColumn[];
  names: ReferenceNames;
  selectable: boolean;
  onRowClick?: (id: RaRecord['id']) => void;
}

/**
 * The list on a phone: one card per record, its label first, two more columns under it. A record
 * whose label is empty (a pendency without a number) is named by its id, '#12', as the inspection
 * action's panel names it: a card without a first line cannot be told from the next.
 */
export function CardList({ columns, names, selectable, onRowClick }: Props) {
  const { data = [], selectedIds, onToggleItem } = useListContext();
  return (
    <ul className="cards" aria-label="Registros">
      {data.map((record) => (
        <Card
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
    </ul>
  );
}

interface CardProps {
  record: RaRecord;
  columns: ListColumn[];
  names: ReferenceNames;
  selected: boolean;
  selectable: boolean;
  onToggle: (id: RaRecord['id']) => void;
  onRowClick?: (id: RaRecord['id']) => void;
}

const Card = memo(function Card({ record, columns, names, selected, selectable, onToggle, onRowClick }: CardProps) {
  const [primary, ...rest] = columns;
  const text = (column: ListColumn) => (column.cell ? column.cell(record) : cellText(column, record[column.source], names));
  const label = primary ? text(primary) : null;
  const lines = (
    <>
      <span className="primary">{label == null || label === '' ? `#${String(record.id)}` : label}</span>
      {rest.map((column, i) => (
        <span key={column.source} className={i === 0 ? 'secondary' : 'tertiary'}>
          <span className="card-label">{column.label}: </span>
          {text(column)}
        </span>
      ))}
    </>
  );
  return (
    <li className={selected ? 'card-row selected' : 'card-row'}>
      {selectable && (
        <input type="checkbox" checked={selected} onChange={() => onToggle(record.id)} aria-label="Selecionar este registro" />
      )}
      {onRowClick ? (
        <button type="button" className="card-text" onClick={() => onRowClick(record.id)}>
          {lines}
        </button>
      ) : (
        <div className="card-text">{lines}</div>
      )}
    </li>
  );
});
