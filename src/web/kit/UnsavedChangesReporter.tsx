import { useEffect } from 'react';
import { useFormState } from 'react-hook-form';
import { unsavedChanges } from './unsavedChanges';

/** Marks the surrounding form as unsaved while it has dirty fields and was not just saved. */
export function UnsavedChangesReporter({ enabled }: { enabled: boolean }) {
  const { dirtyFields, isSubmitSuccessful } = useFormState();
  const dirty = enabled && Object.keys(dirtyFields).length > 0 && !isSubmitSuccessful;
  useEffect(() => {
    if (!dirty) return;
    return unsavedChanges.mark();
  }, [dirty]);
  return null;
}
