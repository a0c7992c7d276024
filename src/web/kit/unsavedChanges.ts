import { useEffect } from 'react';
import { useFormState } from 'react-hook-form';

type Listener = () => void;

const dirtyForms = new Set<symbol>();
const listeners = new Set<Listener>();
const changed = () => listeners.forEach((listener) => listener());

/**
 * Which open forms hold changes not yet saved. The kit's forms report here and the shell's one
 * navigation guard reads it (a router consults only one blocker, so forms do not block by themselves).
 */
export const unsavedChanges = {
  any: () => dirtyForms.size > 0,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** Forget every mark (entering the home page starts afresh). */
  clear() {
    dirtyForms.clear();
    changed();
  },
};

/** Marks the surrounding form as unsaved while it has dirty fields and was not just saved. */
export function UnsavedChangesReporter({ enabled }: { enabled: boolean }) {
  const { dirtyFields, isSubmitSuccessful } = useFormState();
  const dirty = enabled && Object.keys(dirtyFields).length > 0 && !isSubmitSuccessful;
  useEffect(() => {
    if (!dirty) return;
    const mark = Symbol('form');
    dirtyForms.add(mark);
    changed();
    return () => {
      dirtyForms.delete(mark);
      changed();
    };
  }, [dirty]);
  return null;
}
