import { defaultTheme } from 'react-admin';
import type { RaThemeOptions } from 'react-admin';
import { BRAND } from './brand';

/** The product's theme: react-admin's default with the specification's primary blue. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: BRAND.primary, contrastText: '#fff' }, secondary: { main: BRAND.secondary } },
  sidebar: { width: 260, closedWidth: 55 },
};
