/**
 * The theme palette of the specification (000 §9), with the names people read. One table names seven
 * colours by their hex, another also names white: both readings are offered. Shared by the server,
 * which accepts only these values for a parameter of type `color`, and the parameters screen.
 */
export const THEME_PALETTE = [
  { value: '#3ac9d6', label: 'Azul' },
  { value: '#f44336', label: 'Vermelho' },
  { value: '#9c27b0', label: 'Roxo' },
  { value: '#4caf50', label: 'Verde' },
  { value: '#ffeb3b', label: 'Amarelo' },
  { value: '#ff9800', label: 'Laranja' },
  { value: '#ffffff', label: 'Branco' },
  { value: '#000000', label: 'Preto' },
] as const;

/** A palette colour's value as stored: lower case, six digits (`#000` → `#000000`); null for a colour outside the palette. */
export function paletteColour(raw: string): string | null {
  let hex = raw.trim().toLowerCase();
  if (/^#[0-9a-f]{3}$/.test(hex)) hex = `#${[...hex.slice(1)].map((digit) => digit + digit).join('')}`;
  return THEME_PALETTE.some((colour) => colour.value === hex) ? hex : null;
}

/** Relative luminance (WCAG 2.x) of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The text colour that reads best on a background (`#rrggbb`): near-black or white, by contrast ratio. */
export function textOn(background: string): string {
  const l = luminance(background);
  const onDark = 1.05 / (l + 0.05);
  const onLight = (l + 0.05) / 0.05;
  return onLight >= onDark ? 'rgba(0, 0, 0, 0.87)' : '#ffffff';
}
