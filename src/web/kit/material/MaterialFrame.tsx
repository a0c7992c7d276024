import type { ReactNode } from 'react';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { theme } from './theme';

const materialTheme = createTheme(theme);

/**
 * The MUI theme around a screen built with react-admin's MUI components (forms, records, hand-written
 * views). The shell and the lists are plain elements, so MUI loads with the first such screen only.
 */
export function MaterialFrame({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={materialTheme}>{children}</ThemeProvider>;
}
