import { KindInput, type FormMode } from '@kit';
import { inputs } from '@generated/web/clientes/form';
import { SpacesInput } from './SpacesInput';

/** The tenant's own fields as generated, then its spaces, edited one at a time, in place of the generated sub-list. */
export function TenantInputs({ mode }: { mode: FormMode }) {
  const { tenant_configs: _spaces, ...tenant } = inputs(mode);
  return (
    <>
      {Object.values(tenant).map((spec) => (
        <KindInput key={spec.source} {...spec} />
      ))}
      <SpacesInput />
    </>
  );
}
