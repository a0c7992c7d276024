import { useEffect, useId, useRef, useState } from 'react';
import { useDataProvider, useListContext, useResourceContext } from 'ra-core';
import { FileDownloadIcon } from '../plain/icons';
import { fileSizeText, saveBlob } from '../download';
import type { ExportFormat, ListExports } from './exports';

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel (XLSX)' },
];

const FAILED = 'Não foi possível exportar a lista.';

/**
 * 'Exportar': the list's every row, for its current search, filters and sort, as CSV or Excel (XLSX).
 * While the file comes, the bytes received so far ('Exportando… 1,2 MB') and 'Cancelar'; a refusal
 * shows the server's message. `filter` is the list's fixed one (the employees among the persons), kept in the file too.
 */
export function ExportButton({ filter }: { filter?: Record<string, unknown> }) {
  const resource = useResourceContext()!;
  const { filterValues, sort } = useListContext();
  const provider = useDataProvider() as unknown as Partial<ListExports>;
  const [open, setOpen] = useState(false);
  const [received, setReceived] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  // Leaving the list cancels an export under way.
  useEffect(() => () => running.current?.abort(), []);
  if (!provider.exportList) return null;
  const start = async (format: ExportFormat) => {
    setOpen(false);
    setError(null);
    setReceived(0);
    const controller = new AbortController();
    running.current = controller;
    try {
      const { blob, name } = await provider.exportList!(resource, { filter: { ...filterValues, ...filter }, sort }, format, { signal: controller.signal, onProgress: setReceived });
      saveBlob(blob, name ?? `${resource}.${format}`);
    } catch (failure) {
      if (!controller.signal.aborted) setError(failure instanceof Error && failure.message ? failure.message : FAILED);
    } finally {
      if (running.current === controller) running.current = null;
      setReceived(null);
    }
  };
  if (received !== null) {
    return (
      <div className="export-progress" role="status">
        <span>Exportando… {fileSizeText(received)}</span>
        <button type="button" className="btn" onClick={() => running.current?.abort()}>
          Cancelar
        </button>
      </div>
    );
  }
  return (
    <div className="columns-menu export-menu" ref={box}>
      <button type="button" className="btn" aria-haspopup="menu" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        <FileDownloadIcon />
        Exportar
      </button>
      {open && (
        <div id={menuId} role="menu" className="popover" aria-label="Formato da exportação">
          {FORMATS.map(({ format, label }) => (
            <button key={format} type="button" role="menuitem" className="menu-item" onClick={() => void start(format)}>
              {label}
            </button>
          ))}
        </div>
      )}
      {error && (
        <p className="export-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
