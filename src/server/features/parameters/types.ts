import { paletteColour, THEME_PALETTE } from '../../../shared/palette.js';

/** The kinds of value a parameter holds; the screen offers an input for each. */
export type ParameterType = 'integer' | 'text' | 'boolean' | 'color';

export const PARAMETER_TYPES: readonly ParameterType[] = ['integer', 'text', 'boolean', 'color'];

/** The longest text a `text` parameter keeps. */
export const MAX_TEXT_LENGTH = 255;

interface Bounds {
  minimum: number | null;
  maximum: number | null;
}

/** A value as it is stored (text), or why it is refused (pt-BR, for the value's field). */
export type Checked = { value: string } | { error: string };

const palette = THEME_PALETTE.map((colour) => colour.label).join(', ');

/**
 * Checks a value sent for a parameter of a type and gives it as stored: an integer within the
 * parameter's bounds, text up to 255 characters, `true`/`false`, or a colour of the palette.
 * @example checkValue('color', '#F44336', bounds) // → { value: '#f44336' }
 */
export function checkValue(type: string, raw: unknown, bounds: Bounds): Checked {
  if (typeof raw === 'object' && raw !== null) return { error: 'O valor deve ser um texto, um número ou sim/não.' };
  const text = String(raw).trim();
  switch (type) {
    case 'integer': {
      if (!/^-?\d{1,10}$/.test(text)) return { error: 'O valor deve ser um número inteiro.' };
      const n = Number(text);
      if (bounds.minimum !== null && n < bounds.minimum) return { error: `O valor mínimo é ${bounds.minimum}.` };
      if (bounds.maximum !== null && n > bounds.maximum) return { error: `O valor máximo é ${bounds.maximum}.` };
      return { value: String(n) };
    }
    case 'boolean':
      if (text === 'true' || text === 'false') return { value: text };
      return { error: 'O valor deve ser sim ou não.' };
    case 'color': {
      const colour = paletteColour(text);
      return colour ? { value: colour } : { error: `Escolha uma cor da paleta: ${palette}.` };
    }
    default:
      if (text.length > MAX_TEXT_LENGTH) return { error: `O valor deve ter no máximo ${MAX_TEXT_LENGTH} caracteres.` };
      return { value: text };
  }
}
