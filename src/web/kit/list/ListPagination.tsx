import { useListContext } from 'ra-core';
import { ChevronLeftIcon, ChevronRightIcon } from '../plain/icons';
import { rangeText } from './rangeText';

const ROWS_PER_PAGE = [10, 25, 50, 100];

/** 'Linhas por página', the rows shown ('1-25 de 120', '1-25 de cerca de 1,2 milhão') and the previous/next page buttons. */
export function ListPagination() {
  const { page, perPage, total, meta, setPage, setPerPage, hasNextPage, hasPreviousPage, isPending } = useListContext();
  if (isPending) return null;
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = total === undefined ? page * perPage : Math.min(page * perPage, total);
  const hasNext = hasNextPage ?? (total !== undefined && page * perPage < total);
  const hasPrevious = hasPreviousPage ?? page > 1;
  return (
    <nav className="pagination" aria-label="Paginação">
      <label>
        Linhas por página:{' '}
        <select value={perPage} onChange={(e) => setPerPage(Number(e.target.value))}>
          {ROWS_PER_PAGE.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <span>{rangeText(first, last, total, meta?.estimated === true)}</span>
      <span>
        <button type="button" className="icon-btn" aria-label="Ir para a página anterior" disabled={!hasPrevious} onClick={() => setPage(page - 1)}>
          <ChevronLeftIcon />
        </button>
        <button type="button" className="icon-btn" aria-label="Ir para a próxima página" disabled={!hasNext} onClick={() => setPage(page + 1)}>
          <ChevronRightIcon />
        </button>
      </span>
    </nav>
  );
}
