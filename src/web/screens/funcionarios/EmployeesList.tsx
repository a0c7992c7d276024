import { ResourceContextProvider, useGetList } from 'ra-core';
import { ResourceList } from '@kit/list';
import { list } from '@generated/web/pessoa_fisica/List';
import { PARTY_TYPE_CODES } from '../../../shared/party-types';

/** The party type the product ships for employees, found by its code (never by its id). */
function useEmployeeType(): number | null | undefined {
  const { data, isPending } = useGetList('tipos_parte', { filter: { code: PARTY_TYPE_CODES.employee }, pagination: { page: 1, perPage: 1 } });
  if (isPending) return undefined;
  return data?.[0] ? Number(data[0].id) : null;
}

/** The persons list narrowed to the employees; 'Inserir' opens the person form with the employee type chosen. */
export default function EmployeesList() {
  const type = useEmployeeType();
  if (type === undefined) return <div className="list-state" role="status">Carregando…</div>;
  if (type === null) return <div className="list-state" role="alert">O tipo de parte Funcionário não está cadastrado neste espaço.</div>;
  return (
    <ResourceContextProvider value="pessoa_fisica">
      <ResourceList
        {...list}
        title="Funcionários"
        filters={list.filters.filter((f) => f.source !== 'party_type_id')}
        filter={{ party_type_id: type }}
        createRecord={{ party_type_id: type }}
      />
    </ResourceContextProvider>
  );
}
