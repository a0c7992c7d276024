import { defaultTheme } from 'react-admin';
import type { RaThemeOptions } from 'react-admin';

/** The product's theme: react-admin's default with the specification's primary blue. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#1f8a94', contrastText: '#fff' }, secondary: { main: '#3ac9d6' } },
  sidebar: { width: 260, closedWidth: 55 },
};
