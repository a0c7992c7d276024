/** The debt type's fields that decide what a posting asks for (`tipo_debito`). */
export interface DebtType {
  characteristic: number;
  is_dynamic?: boolean | null;
  allow_change_value?: boolean | null;
  allow_create_without_confirmation?: boolean | null;
  percent_value?: string | null;
  is_from_another_config?: boolean | null;
}

export interface PrincipalRule {
  /** 'required': typed (a tax of dynamic value); 'optional': computed, typed over it where allowed; 'hidden': computed and fixed. */
  principal: 'required' | 'optional' | 'hidden';
  principalHelp?: string;
  /** A forfeit's base, a percentage of which is the principal. */
  base: boolean;
  baseHelp?: string;
  registrationRequired: boolean;
  dueDateRequired: boolean;
  typeHelp?: string;
}

const percent = (value: string | null | undefined) => {
  const text = String(value ?? '0');
  return `${(text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text).replace('.', ',')} %`;
};

/**
 * What the posting screen asks for a debt type, as the route computes the principal (docs/RECEIVABLES.md
 * §3 'Manual posting'): a contribution's value of the year (the registration needed, the due date its
 * value's); a tax typed (`is_dynamic`) or a percentage of the current contribution (the registration
 * needed); a forfeit, a percentage of a typed base. `allow_change_value` lets a computed principal be
 * typed over. Before a type is chosen the principal is offered as optional.
 * @example principalRule({ characteristic: 2, is_dynamic: true }).principal // 'required'
 */
export function principalRule(type: DebtType | null): PrincipalRule {
  if (!type) return { principal: 'optional', base: false, registrationRequired: false, dueDateRequired: false };
  const typedOver = type.allow_change_value === true;
  const computed = (help: string): Pick<PrincipalRule, 'principal' | 'principalHelp'> =>
    typedOver ? { principal: 'optional', principalHelp: `Em branco: ${help}.` } : { principal: 'hidden' };
  if (type.characteristic === 1) {
    return { ...computed('o valor da contribuição do exercício'), base: false, registrationRequired: true, dueDateRequired: false, typeHelp: 'Contribuição: o valor do exercício para a faixa e a categoria da inscrição.' };
  }
  if (type.characteristic === 2) {
    if (type.is_dynamic) return { principal: 'required', principalHelp: 'O valor desta taxa é informado no lançamento.', base: false, registrationRequired: false, dueDateRequired: true, typeHelp: 'Taxa de valor informado.' };
    const share = `${percent(type.percent_value)} da contribuição corrente do exercício`;
    return { ...computed(share), base: false, registrationRequired: true, dueDateRequired: true, typeHelp: `Taxa: ${share}.` };
  }
  const rate = type.is_from_another_config ? 'a taxa da configuração de multa' : percent(type.percent_value);
  const baseHelp = type.is_from_another_config ? 'O valor original é esta base à taxa da configuração de multa.' : `O valor original é ${rate} desta base.`;
  return { ...computed(`${rate} da base`), base: true, baseHelp, registrationRequired: false, dueDateRequired: true, typeHelp: `Multa: ${rate} de uma base informada.` };
}
