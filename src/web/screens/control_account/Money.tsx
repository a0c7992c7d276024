import { formatMoney } from '../../kit/format';

/** An amount as `R$ 1.234,56`, never broken between the symbol and the figure. */
export function Money({ value }: { value: unknown }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(value)}</span>;
}
