const exact = new Intl.NumberFormat('pt-BR');
// Two significant digits: an estimate is good to a few percent, and '1,2 milhão' reads as one.
const approximate = new Intl.NumberFormat('pt-BR', { notation: 'compact', compactDisplay: 'long', maximumSignificantDigits: 2 });

/**
 * The rows a list page shows, as the pagination bar says it: exact totals in full, estimated ones
 * rounded and said to be approximate.
 * @example rangeText(1, 25, 1_234_567, true) // '1-25 de cerca de 1,2 milhão'
 * @example rangeText(26, 50, 5571) // '26-50 de 5.571'
 */
export function rangeText(first: number, last: number, total?: number, estimated = false): string {
  const range = `${exact.format(first)}-${exact.format(last)}`;
  if (total === undefined) return range;
  return estimated ? `${range} de cerca de ${approximate.format(total)}` : `${range} de ${exact.format(total)}`;
}
