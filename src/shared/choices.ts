import { ruleMessage } from './field-rules.js';

/**
 * A `choices` field (several values out of a fixed list), read alike by the server and the web
 * form: the order its values are kept in, and the words of its rules.
 */

/** What the rules of one choices field need: its label, its values in the schema's order, its limits. */
export interface ChoicesRule {
  label: string;
  values: readonly (string | number)[];
  minItems?: number;
  maxItems?: number;
  /** A repeated value is refused (`uniqueItems`); otherwise repeats are folded into one. */
  uniqueItems?: boolean;
  /** The schema's own messages (`x-messages`): `required`, `minItems`, `maxItems`. */
  messages?: Partial<Record<string, string>>;
}

const items = (n: number) => (n === 1 ? 'item' : 'itens');

/** The default words of each rule, `{label}` and `{n}` filled in by `ruleMessage`. */
export const CHOICES_MESSAGES = {
  notAList: 'O campo {label} deve ser uma lista de valores.',
  invalid: 'O valor selecionado para o campo {label} é inválido.',
  repeated: 'O campo {label} não pode ter valores repetidos.',
  minItems: (n: number) => `O campo {label} deve ter pelo menos {n} ${items(n)}.`,
  maxItems: (n: number) => `O campo {label} não pode ter mais de {n} ${items(n)}.`,
} as const;

/** A rule's message for the field, the schema's own when it words one. */
export function choicesMessage(rule: ChoicesRule, which: 'notAList' | 'invalid' | 'repeated' | 'minItems' | 'maxItems'): string {
  if (which === 'minItems') return ruleMessage(rule.messages, 'minItems', rule.label, rule.minItems, CHOICES_MESSAGES.minItems(rule.minItems ?? 0));
  if (which === 'maxItems') return ruleMessage(rule.messages, 'maxItems', rule.label, rule.maxItems, CHOICES_MESSAGES.maxItems(rule.maxItems ?? 0));
  return ruleMessage(undefined, which, rule.label, undefined, CHOICES_MESSAGES[which]);
}

/**
 * Each value once, in the order of the schema's list (how a choices field is stored and answered);
 * a value the list no longer has keeps its place after the others.
 * @example inListOrder(['png', 'pdf', 'png'], ['pdf', 'jpg', 'png']) // ['pdf', 'png']
 */
export function inListOrder<T>(given: readonly T[], values: readonly unknown[]): T[] {
  const position = (value: T) => {
    const at = values.indexOf(value);
    return at < 0 ? values.length : at;
  };
  return [...new Set(given)].sort((a, b) => position(a) - position(b));
}

/**
 * The first problem of a filled value, in the server's words (requirement aside: an empty list is
 * judged by `required`); undefined when it passes. An optional field may stay empty whatever its
 * `minItems`.
 * @example choicesProblem(['pdf', 'exe'], { label: 'Extensões', values: ['pdf', 'png'] }) // 'O valor selecionado para o campo Extensões é inválido.'
 */
export function choicesProblem(value: unknown, rule: ChoicesRule): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Array.isArray(value)) return choicesMessage(rule, 'notAList');
  if (value.length === 0) return undefined;
  if (value.some((item) => !rule.values.includes(item as string | number))) return choicesMessage(rule, 'invalid');
  if (rule.uniqueItems && new Set(value).size !== value.length) return choicesMessage(rule, 'repeated');
  if (rule.minItems !== undefined && value.length < rule.minItems) return choicesMessage(rule, 'minItems');
  if (rule.maxItems !== undefined && value.length > rule.maxItems) return choicesMessage(rule, 'maxItems');
  return undefined;
}
