import { useId, useRef, useState } from 'react';
import type { FieldSpec } from '../types';
import { ViewColumnIcon } from '../plain/icons';
import { useCloseOnOutside } from './useCloseOnOutside';

interface Props {
  columns: FieldSpec[];
  hidden: string[];
  onToggle: (source: string) => void;
}

/** 'Colunas': a checkbox per column; the last visible column cannot be hidden. */
export function ColumnsButton({ columns, hidden, onToggle }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const box = useRef<HTMLDivElement>(null);
  useCloseOnOutside(open, box, () => setOpen(false));
  const visible = columns.filter((c) => !hidden.includes(c.source)).length;
  return (
    <div className="columns-menu" ref={box}>
      <button type="button" className="btn" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <ViewColumnIcon />
        Colunas
      </button>
      {open && (
        <fieldset id={panelId} className="popover">
          <legend className="visually-hidden">Colunas exibidas</legend>
          {columns.map((column) => {
            const shown = !hidden.includes(column.source);
            return (
              <label key={column.source}>
                <input type="checkbox" checked={shown} disabled={shown && visible === 1} onChange={() => onToggle(column.source)} />
                {column.label}
              </label>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}
