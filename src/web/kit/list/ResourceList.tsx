import { lazy, Suspense, useCallback, useEffect, useMemo, type ReactElement, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ListContextProvider, useCanAccess, useListController, useResourceContext, type RaRecord } from 'ra-core';
import type { ListProps } from '../types';
import { AddIcon, UploadIcon } from '../plain/icons';
import { LightTable } from './LightTable';
import { CardList } from './CardList';
import { BulkDeleteBar } from './BulkDeleteBar';
import { ListPagination } from './ListPagination';
import { ListTitle } from './ListTitle';
import { SearchBox, SearchHint } from './SearchBox';
import { ColumnsButton } from './ColumnsButton';
import { ViewsButton } from './ViewsButton';
import { ExportButton } from './ExportButton';
import { PLAIN_FILTER_KINDS, PlainFilters } from './PlainFilters';
import { ListState } from './ListState';
import { cardColumns } from './cards';
import { useHiddenColumns } from './columnChoice';
import { usePhone } from './usePhone';
import { useReferenceNames } from './useReferenceNames';
import { useImports } from './useImports';

// Filters of other kinds (dates, numbers, text) are react-admin's MUI inputs: they load only with a list that has any.
const ListFilters = lazy(() => import('./ListFilters'));

export interface ResourceListProps extends ListProps {
  /** Hand-written filter inputs (react-admin's, e.g. a date range) shown after the schema's. */
  extraFilters?: ReactElement[];
  /** Asks for the page again every so many milliseconds (a grid whose rows change by themselves). */
  refreshEvery?: number;
  /** Records always filtered so, beyond what the person chooses (the employees among the persons). */
  filter?: Record<string, unknown>;
  /** What a record inserted from this list starts with (the employee's party type). */
  createRecord?: Record<string, unknown>;
  /** The list's name, when it is not the module's (Funcionários, over the persons). */
  title?: string;
  /** Shown under the title, above the search and the rows (the revenue setting in force). */
  intro?: ReactNode;
}

/**
 * The name a list's state is kept under (its search, filters, sort, page, selection and hidden
 * columns): its route's, so two lists of one module keep theirs apart (`funcionarios` over the
 * persons, beside `pessoa_fisica`). A module's own list is at `/{module}`: its name is the module's,
 * as before.
 */
export function listKey(pathname: string, resource: string): string {
  return pathname.replace(/^\/+|\/+$/g, '') || resource;
}

/**
 * A module's list: free-text search, filters, saved views ('Visões'), a column chooser, 'Exportar' (CSV, XLSX), the rows as a sortable light table
 * (as cards on a phone), the loading and empty states, pagination, bulk delete, 'Inserir' to
 * `/{resource}/inserir` (starting from `createRecord`), and a row opening `/{resource}/{id}`; `filter` narrows it for good. `readOnly` offers none of the writes
 * and opens no record; `bulkDelete: false` offers no selection (records are deleted one at a time). A column with a `cell` draws its own cells (the custom-cell slot).
 * What the person chose in it is kept per route (`listKey`), not per module.
 * @example <ResourceList columns={columns} filters={filters} sort={{ field: 'denomination', order: 'ASC' }} search recordLabel="denomination" />
 * @example <ResourceList {...list} columns={[...list.columns, { ...columns.url, cell: (record) => <a href={record.url}>{record.url}</a> }]} />
 */
export function ResourceList({ columns, filters, sort, search, searchByStart, recordLabel, readOnly = false, bulkDelete = true, extraFilters = [], refreshEvery, filter, createRecord, title, intro }: ResourceListProps) {
  const resource = useResourceContext()!;
  const navigate = useNavigate();
  const key = listKey(useLocation().pathname, resource);
  const list = useListController({ sort, perPage: 25, disableSyncWithLocation: false, filter, storeKey: `${key}.listParams` });
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  const { canAccess: canCreate } = useCanAccess({ resource, action: 'create' });
  const phone = usePhone();
  const [hidden, toggleColumn, setHidden] = useHiddenColumns(key);
  const visible = useMemo(() => {
    const shown = columns.filter((c) => !hidden.includes(c.source));
    return shown.length > 0 ? shown : columns;
  }, [columns, hidden]);
  const cardFields = useMemo(() => cardColumns(columns, recordLabel), [columns, recordLabel]);
  const names = useReferenceNames(phone ? cardFields : visible, list.data ?? []);
  // Stable, so the memoised rows do not re-render when the list does.
  const openRecord = useCallback((id: RaRecord['id']) => navigate(`/${resource}/${id}`), [navigate, resource]);
  const { refetch } = list;
  useEffect(() => {
    if (!refreshEvery) return;
    const timer = setInterval(() => void refetch(), refreshEvery);
    return () => clearInterval(timer);
  }, [refreshEvery, refetch]);
  const plain = filters.filter((f) => PLAIN_FILTER_KINDS.includes(f.kind));
  const material = filters.filter((f) => !PLAIN_FILTER_KINDS.includes(f.kind));
  const mayCreate = !readOnly && canCreate === true;
  const mayImport = useImports(resource, mayCreate && !filter && !createRecord);
  // react-admin's insert form starts from the record in `?source=`.
  const createTo = createRecord ? `/${resource}/inserir?source=${encodeURIComponent(JSON.stringify(createRecord))}` : `/${resource}/inserir`;
  // Records deleted one at a time (`bulkDelete: false`) offer no selection: 'Excluir' is on the record.
  const selectable = !readOnly && bulkDelete && canDelete === true;
  const onRowClick = readOnly ? undefined : openRecord;
  const empty = !list.isPending && (list.data ?? []).length === 0;
  return (
    <ListContextProvider value={list}>
      <ListTitle title={title} />
      {intro}
      <div className="list-actions">
        {search && <SearchBox />}
        <PlainFilters filters={plain} />
        {(material.length > 0 || extraFilters.length > 0) && (
          <Suspense fallback={null}>
            <ListFilters filters={material} extraFilters={extraFilters} />
          </Suspense>
        )}
        <span className="grow" />
        <ViewsButton resource={resource} hidden={hidden} onHidden={setHidden} />
        {!phone && <ColumnsButton columns={columns} hidden={hidden} onToggle={toggleColumn} />}
        <ExportButton filter={filter} />
        {mayImport && (
          <Link to={`/importar/${resource}`} className="btn">
            <UploadIcon />
            Importar
          </Link>
        )}
        {mayCreate && (
          <Link to={createTo} className="btn btn-contained">
            <AddIcon />
            Inserir
          </Link>
        )}
      </div>
      {search && <SearchHint byStart={searchByStart} />}
      <div className="list-card">
        {selectable && <BulkDeleteBar />}
        {list.isPending || empty ? (
          <ListState canCreate={mayCreate} createTo={createTo} />
        ) : phone ? (
          <CardList columns={cardFields} names={names} selectable={selectable} onRowClick={onRowClick} />
        ) : (
          <LightTable columns={visible} names={names} selectable={selectable} onRowClick={onRowClick} />
        )}
      </div>
      <ListPagination />
    </ListContextProvider>
  );
}
