import { useSourceContext } from 'ra-core';
import { useWatch } from 'react-hook-form';
import { conditionHolds } from '../../../shared/field-rules';
import { siblingPath } from '../conditions';
import { KindInput, type KindInputProps } from '../KindInput';

/**
 * A field shown only while another field of the same form (or the same sub-list row) holds one of
 * the values of its condition (`x-when`), and required then when the condition says so. Hidden, it
 * is neither shown nor checked; `withoutHidden` leaves it out of the body. With `hide: false` it is
 * always shown, and required only while the condition holds.
 */
export function ConditionalInput({ when, ...spec }: KindInputProps & { when: NonNullable<KindInputProps['when']> }) {
  const { getSource } = useSourceContext();
  const controller: unknown = useWatch({ name: siblingPath(getSource(spec.source), when.field) });
  const holds = conditionHolds(when, controller);
  if (!holds && when.hide !== false) return null;
  return <KindInput {...spec} required={spec.required || (holds && when.required === true)} />;
}
