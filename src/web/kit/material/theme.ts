import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * The product's colours (the specification's blue as secondary), also in the plain stylesheet (`--primary`,
 * `--secondary`); the primary and the error red are dark enough for 4.5:1 text on white and on the toolbars' grey.
 */
export const BRAND = { primary: '#177a83', secondary: '#3ac9d6' } as const;

/** The theme of the MUI screens: react-admin's default with the specification's primary blue. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: BRAND.primary, contrastText: '#fff' }, secondary: { main: BRAND.secondary }, error: { main: '#b71c1c' } },
  sidebar: { width: 260, closedWidth: 55 },
};
