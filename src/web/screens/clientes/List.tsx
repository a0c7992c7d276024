import { ResourceList, type ListColumn } from '@kit/list';
import { list } from '@generated/web/clientes/List';
import { inputs } from '@generated/web/clientes/form';

const { tenant_configs: spaces } = inputs('edit');

/** Each space as 'name - Sim/Não' (active): the form's sub-list of spaces, two of its fields. */
const spacesColumn: ListColumn = {
  ...spaces,
  sortable: false,
  sublist: { ...spaces.sublist, fields: spaces.sublist.fields.filter((field) => field.source === 'tenant_name' || field.source === 'active') },
};

/** The tenants the caller's space may see, with their spaces. */
export function ClientesList() {
  return <ResourceList {...list} columns={[...list.columns, spacesColumn]} />;
}
