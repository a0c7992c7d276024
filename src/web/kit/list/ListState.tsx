import { Link } from 'react-router-dom';
import { useGetResourceLabel, useListContext, useResourceContext } from 'ra-core';
import { AddIcon, FilterOffIcon } from '../plain/icons';

/**
 * What the list shows instead of rows: 'Carregando…' while the first page loads; 'Nenhum registro
 * encontrado' when there is none, with 'Limpar filtros' when a search or filter hid them, or
 * 'Inserir' when the person may insert.
 */
export function ListState({ canCreate, createTo }: { canCreate: boolean; createTo: string }) {
  const { isPending, filterValues, setFilters } = useListContext();
  const resource = useResourceContext();
  const singular = useGetResourceLabel()(resource ?? '', 1);
  if (isPending) {
    return (
      <div className="list-state" role="status">
        <span className="spinner" aria-hidden="true" />
        Carregando…
      </div>
    );
  }
  const filtered = Object.keys(filterValues).length > 0;
  return (
    <div className="list-state" role="status">
      <p className="title">Nenhum registro encontrado</p>
      {filtered ? (
        <>
          <p>Nenhum registro corresponde à pesquisa ou aos filtros escolhidos.</p>
          <button type="button" className="btn" onClick={() => setFilters({}, {})}>
            <FilterOffIcon />
            Limpar filtros
          </button>
        </>
      ) : (
        canCreate && (
          <Link to={createTo} className="btn btn-contained">
            <AddIcon />
            Inserir {singular}
          </Link>
        )
      )}
    </div>
  );
}
