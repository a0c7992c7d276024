import { KindInput, type FormInputsProps } from '../../kit';
import { inputs } from '../../../../generated/web/documento/form';
import { MetadataInputs } from './MetadataInputs';

/** The generated inputs in the schema's order, the raw metadata list replaced by one input per entry of the type. */
export function DocumentInputs({ mode }: FormInputsProps) {
  return (
    <>
      {Object.values(inputs(mode)).map((spec) =>
        spec.source === 'metadata' ? <MetadataInputs key={spec.source} label={spec.label} /> : <KindInput key={spec.source} {...spec} />,
      )}
    </>
  );
}
