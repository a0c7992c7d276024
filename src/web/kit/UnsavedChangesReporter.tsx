import { useEffect } from 'react';
import { useFormState } from 'react-hook-form';
import { unsavedChanges } from './unsavedChanges';
import { InvalidFormNoticeCloser } from './InvalidFormNoticeCloser';

/**
 * Marks the surrounding form as unsaved while it has dirty fields and was not just saved; and, as every
 * form of the kit holds one, takes back the 'O formulário não é válido' toast once its errors are gone
 * (InvalidFormNoticeCloser).
 */
export function UnsavedChangesReporter({ enabled }: { enabled: boolean }) {
  const { dirtyFields, isSubmitSuccessful } = useFormState();
  const dirty = enabled && Object.keys(dirtyFields).length > 0 && !isSubmitSuccessful;
  useEffect(() => {
    if (!dirty) return;
    return unsavedChanges.mark();
  }, [dirty]);
  return <InvalidFormNoticeCloser />;
}
