type Listener = () => void;

const listeners = new Set<Listener>();

/**
 * The toast a refused submit shows ('O formulário não é válido. Verifique os erros.'), which stays
 * until closed: the kit's forms say here when the errors it speaks of are gone (fixed, or the form
 * saved or left), and the shell's toasts take it away. Plain code, no component: the shell is on the
 * plain side.
 */
export const invalidFormNotice = {
  /** The translation key react-admin notifies a refused submit with. */
  key: 'ra.message.invalid_form',
  /** A form that had errors on submit has none left (or is gone). */
  resolved() {
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
