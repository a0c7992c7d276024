import { createContext, useContext } from 'react';

/** Whether the form around an input is being viewed (read-only) or edited; ResourceEdit toggles it. */
export const FormModeContext = createContext<{ readOnly: boolean }>({ readOnly: false });

export const useFormReadOnly = () => useContext(FormModeContext).readOnly;
