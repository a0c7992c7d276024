import { useCallback, type ReactElement } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { Link, useNavigate } from 'react-router-dom';
import {
  List,
  Pagination,
  SearchInput,
  TopToolbar,
  useCanAccess,
  useResourceContext,
  type RaRecord,
} from 'react-admin';
import type { ListProps } from './types';
import { KindInput } from './KindInput';
import { LightTable } from './list/LightTable';
import { BulkDeleteBar } from './list/BulkDeleteBar';

/**
 * A module's list: free-text search, filters, sortable light table, pagination, bulk delete,
 * 'Inserir' to `/{resource}/inserir`, and a row click opening `/{resource}/{id}`.
 * `extraFilters` are hand-written filter inputs (e.g. a date range) shown after the schema's.
 * @example <ResourceList columns={columns} filters={filters} sort={{ field: 'denomination', order: 'ASC' }} search />
 */
export function ResourceList({ columns, filters, sort, search, extraFilters = [] }: ListProps & { extraFilters?: ReactElement[] }) {
  const resource = useResourceContext()!;
  const navigate = useNavigate();
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  // Stable, so the memoised rows do not re-render when the list does.
  const openRecord = useCallback((id: RaRecord['id']) => navigate(`/${resource}/${id}`), [navigate, resource]);
  const filterInputs = [
    ...(search ? [<SearchInput key="q" source="q" alwaysOn placeholder="Pesquisar" slotProps={{ htmlInput: { 'aria-label': 'Pesquisar' } }} />] : []),
    ...filters.map((spec) => <KindInput key={spec.source} {...spec} filter alwaysOn />),
    ...extraFilters,
  ];
  return (
    <List
      sort={sort}
      perPage={25}
      filters={filterInputs.length > 0 ? filterInputs : undefined}
      actions={<ListActions resource={resource} />}
      empty={false}
      disableSyncWithLocation={false}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
    >
      <BulkDeleteBar />
      <LightTable columns={columns} selectable={canDelete === true} onRowClick={openRecord} />
    </List>
  );
}

function ListActions({ resource }: { resource: string }) {
  const { canAccess } = useCanAccess({ resource, action: 'create' });
  if (!canAccess) return <TopToolbar />;
  return (
    <TopToolbar>
      <Button component={Link} to={`/${resource}/inserir`} variant="contained" startIcon={<AddIcon />}>
        Inserir
      </Button>
    </TopToolbar>
  );
}
