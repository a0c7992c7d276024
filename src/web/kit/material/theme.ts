import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { BRAND } from '../brand';

/** The theme of the MUI screens: react-admin's default in the product's colours (`../brand.ts`). */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: BRAND.primary, contrastText: '#fff' },
    secondary: { main: BRAND.secondary },
    error: { main: BRAND.errorDark },
    warning: { main: BRAND.warning },
    info: { main: BRAND.info },
    success: { main: BRAND.success },
  },
  sidebar: { width: 260, closedWidth: 55 },
};
