/**
 * The product's colours, written once. The plain stylesheet reads them as CSS custom properties
 * (`--primary`, `--primary-dark`, …), which the build (vite.config.ts) writes before styles.css, with
 * index.html's `theme-color` and icon; the MUI theme (`material/theme.ts`) and the dashboard's charts
 * import them. No other file spells a brand colour (tests/web/brand.test.ts).
 */
export const BRAND = {
  /** Links, buttons, focus rings: dark enough for 4.5:1 text on white and on the toolbars' grey. */
  primary: '#177a83',
  /** Hovered buttons, links in dense text. */
  primaryDark: '#176a72',
  /** The specification's blue: the top bar and the browser's own bar. */
  secondary: '#3ac9d6',
  /** States: chips, alerts, toasts, the monitors' statuses. */
  error: '#d32f2f',
  success: '#2e7d32',
  warning: '#ed6c02',
  info: '#0288d1',
  /** A state that needs no look (a deleted monitor). */
  neutral: '#9e9e9e',
  /** Error text on the MUI screens: darker than `error`, for 4.5:1 on the toolbars' grey too. */
  errorDark: '#b71c1c',
} as const;

export type BrandColour = keyof typeof BRAND;

/** `primaryDark` → `--primary-dark`: the custom property the plain stylesheet reads. */
export const cssVariable = (name: BrandColour): string => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The brand colours as the stylesheet's custom properties; the build puts them before styles.css. */
export function brandStylesheet(): string {
  const lines = Object.entries(BRAND).map(([name, value]) => `  ${cssVariable(name as BrandColour)}: ${value};`);
  return `:root {\n${lines.join('\n')}\n}\n`;
}

/** The product's icon (a tab's, a bookmark's): a building with columns on the primary colour, as SVG. */
export function faviconSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${BRAND.primary}"/><path d="M16 5 5 10v2h22v-2zM7 14h3v9H7zm7.5 0h3v9h-3zM22 14h3v9h-3zM5 25h22v2H5z" fill="#fff"/></svg>`;
}
