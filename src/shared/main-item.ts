/**
 * The rule of a sub-list's main flag (`x-sublist.main`): at most one item marked, and with
 * `main-required` one marked whenever the list has items. The server and the form say the same words.
 */
export interface MainItemRule {
  /** The pt-BR noun for one item ('telefone', 'faixa de contribuição'). */
  item: string;
  /** The noun's gender, for its article: 'Deve haver apenas uma faixa… principal'. */
  gender?: 'm' | 'f';
  /** One item must be marked main when the list has any. */
  required?: boolean;
}

export function mainItemProblem(items: readonly unknown[], mainField: string, rule: MainItemRule): string | undefined {
  const article = rule.gender === 'f' ? 'uma' : 'um';
  const rows = items.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item));
  const marked = rows.filter((item) => item[mainField] === true).length;
  if (marked > 1) return `Deve haver apenas ${article} ${rule.item} principal`;
  if (rule.required && rows.length > 0 && marked === 0) return `Marque ${article} ${rule.item} como principal.`;
  return undefined;
}
