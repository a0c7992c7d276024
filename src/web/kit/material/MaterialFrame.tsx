import { useMemo, type ReactNode } from 'react';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useFrontSettings } from '../frontSettings';
import { theme } from './theme';

/**
 * The MUI theme around a screen built with react-admin's MUI components (forms, records, hand-written
 * views), in the council's theme colour: a change on the parameters screen repaints an open screen.
 * The shell and the lists are plain elements, so MUI loads with the first such screen only.
 */
export function MaterialFrame({ children }: { children: ReactNode }) {
  const { themeColour } = useFrontSettings();
  const materialTheme = useMemo(() => createTheme({ ...theme, palette: { ...theme.palette, secondary: { main: themeColour } } }), [themeColour]);
  return <ThemeProvider theme={materialTheme}>{children}</ThemeProvider>;
}
