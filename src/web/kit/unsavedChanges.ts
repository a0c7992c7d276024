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
  /** Marks one form as unsaved; the function returned takes the mark away. */
  mark(): () => void {
    const form = Symbol('form');
    dirtyForms.add(form);
    changed();
    return () => {
      dirtyForms.delete(form);
      changed();
    };
  },
  /** Forget every mark (entering the home page starts afresh). */
  clear() {
    dirtyForms.clear();
    changed();
  },
};
