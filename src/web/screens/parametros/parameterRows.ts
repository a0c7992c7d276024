import type { Parameter, ParameterLists } from '../../../shared/contracts/parameters';
import { THEME_PALETTE } from '../../../shared/palette';

export type { Parameter, ParameterLists };

export type Scope = 'front' | 'back';

export const SCOPE_LABELS: Record<Scope, string> = { front: 'Parâmetros do sistema (navegador)', back: 'Parâmetros do servidor' };

export const TYPE_LABELS: Record<string, string> = { integer: 'Número inteiro', text: 'Texto', boolean: 'Sim/Não', color: 'Cor' };

/** How a stored value reads: a colour by its palette name, yes/no in words, nothing as '—'. */
export function valueText(type: string, value: string | null): string {
  if (value === null || value === '') return '—';
  if (type === 'boolean') return value === 'true' ? 'Sim' : 'Não';
  if (type === 'color') return THEME_PALETTE.find((colour) => colour.value === value.toLowerCase())?.label ?? value;
  return value;
}

/** The body of `PUT /api/parametros`: every item as edited. */
export const saveBody = (lists: ParameterLists) => ({
  front: lists.front.map(({ name, value, useDefault }) => ({ name, value, useDefault })),
  back: lists.back.map(({ name, value, useDefault }) => ({ name, value, useDefault })),
});

/** The first message of each refused field (`front.1.value`), whatever shape the answer gives it. */
export function fieldMessages(errors: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([path, messages]) => [path, Array.isArray(messages) ? String(messages[0]) : String(messages)]));
}
