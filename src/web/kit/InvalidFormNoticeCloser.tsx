import { useEffect, useRef } from 'react';
import { useFormState } from 'react-hook-form';
import { invalidFormNotice } from './formNotice';

/**
 * Inside a form: once a submit was refused for its errors, says so when none is left (each corrected
 * field revalidates as it changes) or when the form goes away, so that the 'O formulário não é
 * válido' toast does not outlive the errors it speaks of.
 */
export function InvalidFormNoticeCloser() {
  const { errors, submitCount } = useFormState();
  const hasErrors = Object.keys(errors).length > 0;
  const refused = useRef(false);
  useEffect(() => {
    if (submitCount > 0 && hasErrors) refused.current = true;
    else if (refused.current && !hasErrors) {
      refused.current = false;
      invalidFormNotice.resolved();
    }
  }, [hasErrors, submitCount]);
  useEffect(
    () => () => {
      if (refused.current) invalidFormNotice.resolved();
    },
    [],
  );
  return null;
}
