import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** The product's colours (the specification's blue), also in the plain stylesheet (`--primary`, `--secondary`). */
export const BRAND = { primary: '#1f8a94', secondary: '#3ac9d6' } as const;

/** The theme of the MUI screens: react-admin's default with the specification's primary blue. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: BRAND.primary, contrastText: '#fff' }, secondary: { main: BRAND.secondary } },
  sidebar: { width: 260, closedWidth: 55 },
};
