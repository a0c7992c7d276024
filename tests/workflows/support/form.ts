import type { Page } from 'playwright-core';

/** The record form's inputs in its open tab, found by their pt-BR labels, and how a person picks an option. */
export function formInputs(page: () => Page) {
  const panel = () => page().getByRole('tabpanel');
  const field = (label: string) => panel().getByLabel(new RegExp(`^${label}( - Opcional)?( \\*)?$`));
  const combobox = (label: string) => panel().getByRole('combobox', { name: new RegExp(`^${label}`) });
  const choose = async (label: string, option: string | RegExp) => {
    await combobox(label).click();
    await page().getByRole('option', { name: option }).first().click();
  };
  const typeAhead = async (label: string, typed: string, option: string | RegExp) => {
    await combobox(label).fill(typed);
    await page().getByRole('option', { name: option }).first().click();
  };
  return { panel, field, combobox, choose, typeAhead };
}
