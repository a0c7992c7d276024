/**
 * What 'Lançar débito' asks for each debt type (src/web/screens/lancar_debito/rules.ts), as the
 * posting route computes the principal (docs/RECEIVABLES.md §3 'Manual posting').
 */
import { describe, expect, it } from 'vitest';
import { principalRule } from '../../src/web/screens/lancar_debito/rules';

describe("the posting screen's fields by debt type", () => {
  it('asks the registration of a contribution and leaves its principal and due date to the year’s value', () => {
    expect(principalRule({ characteristic: 1 })).toMatchObject({ principal: 'hidden', base: false, registrationRequired: true, dueDateRequired: false });
    expect(principalRule({ characteristic: 1, allow_change_value: true })).toMatchObject({ principal: 'optional', principalHelp: 'Em branco: o valor da contribuição do exercício.' });
  });

  it('asks a tax of typed value its principal, and a tax by percentage its registration', () => {
    expect(principalRule({ characteristic: 2, is_dynamic: true })).toMatchObject({ principal: 'required', registrationRequired: false, dueDateRequired: true });
    expect(principalRule({ characteristic: 2, percent_value: '10.00' })).toMatchObject({ principal: 'hidden', registrationRequired: true, typeHelp: 'Taxa: 10 % da contribuição corrente do exercício.' });
    expect(principalRule({ characteristic: 2, percent_value: '100', allow_change_value: true }).principalHelp).toBe('Em branco: 100 % da contribuição corrente do exercício.');
  });

  it("asks a forfeit its base, at its own rate or the forfeit setting's", () => {
    expect(principalRule({ characteristic: 3, percent_value: '12.50' })).toMatchObject({ principal: 'hidden', base: true, baseHelp: 'O valor original é 12,5 % desta base.' });
    expect(principalRule({ characteristic: 3, is_from_another_config: true }).baseHelp).toBe('O valor original é esta base à taxa da configuração de multa.');
  });

  it('offers the principal as optional before a debt type is chosen', () => {
    expect(principalRule(null)).toEqual({ principal: 'optional', base: false, registrationRequired: false, dueDateRequired: false });
  });
});
