import { KindInput } from '@kit';
import { TENANT_FIELDS } from './fields';
import { SpacesInput } from './SpacesInput';

/** The tenant's own fields, then its spaces. */
export function TenantInputs() {
  return (
    <>
      {TENANT_FIELDS.map((spec) => (
        <KindInput key={spec.source} {...spec} />
      ))}
      <SpacesInput />
    </>
  );
}
