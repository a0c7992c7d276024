import { lazy, Suspense, useCallback, type ReactElement } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ListContextProvider, useCanAccess, useListController, useResourceContext, type RaRecord } from 'ra-core';
import type { ListProps } from '../types';
import { AddIcon } from '../plain/icons';
import { LightTable } from './LightTable';
import { BulkDeleteBar } from './BulkDeleteBar';
import { ListPagination } from './ListPagination';
import { ListTitle } from './ListTitle';
import { SearchBox } from './SearchBox';

// Filter inputs are react-admin's MUI inputs: they load with the first list that has any.
const ListFilters = lazy(() => import('./ListFilters'));

/**
 * A module's list: free-text search, filters, sortable light table, pagination, bulk delete,
 * 'Inserir' to `/{resource}/inserir`, and a row click opening `/{resource}/{id}`.
 * `extraFilters` are hand-written filter inputs (e.g. a date range) shown after the schema's.
 * @example <ResourceList columns={columns} filters={filters} sort={{ field: 'denomination', order: 'ASC' }} search />
 */
export function ResourceList({ columns, filters, sort, search, extraFilters = [] }: ListProps & { extraFilters?: ReactElement[] }) {
  const resource = useResourceContext()!;
  const navigate = useNavigate();
  const list = useListController({ sort, perPage: 25, disableSyncWithLocation: false });
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  const { canAccess: canCreate } = useCanAccess({ resource, action: 'create' });
  // Stable, so the memoised rows do not re-render when the list does.
  const openRecord = useCallback((id: RaRecord['id']) => navigate(`/${resource}/${id}`), [navigate, resource]);
  const filtered = filters.length > 0 || extraFilters.length > 0;
  return (
    <ListContextProvider value={list}>
      <ListTitle />
      <div className="list-actions">
        {search && <SearchBox />}
        {filtered && (
          <Suspense fallback={null}>
            <ListFilters filters={filters} extraFilters={extraFilters} />
          </Suspense>
        )}
        <span className="grow" />
        {canCreate && (
          <Link to={`/${resource}/inserir`} className="btn btn-contained">
            <AddIcon />
            Inserir
          </Link>
        )}
      </div>
      <div className="list-card">
        <BulkDeleteBar />
        <LightTable columns={columns} selectable={canDelete === true} onRowClick={openRecord} />
      </div>
      <ListPagination />
    </ListContextProvider>
  );
}
