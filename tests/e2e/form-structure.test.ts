import { describe, expect, it } from 'vitest';
import { fixtureProject } from './support/fixture-project';
import { logIn } from './support/product';
import { browserSession } from './support/session';

/**
 * A form in tabs with nested sub-lists (a professional: Dados, Vínculos with each work relation's
 * expedients, Formação), as a person fills it: an error on a tab they are not looking at is named
 * and the tab marked; the work relation's expedients are typed inside its row and saved with it.
 */
describe('a form in tabs with a nested sub-list', () => {
  const session = browserSession({}, fixtureProject);
  const tab = (name: string) => session.page.getByRole('tab', { name: new RegExp(`^${name}`) });

  it('opens the insert form on its first tab', async () => {
    await logIn(session.page, session.product);
    await expect.poll(() => session.page.url()).toBe(`${session.product.url}/`);
    await session.page.goto(`${session.product.url}/profissionais/inserir`);
    await expect.poll(() => tab('Dados').getAttribute('aria-selected')).toBe('true');
    expect(await tab('Vínculos').getAttribute('aria-selected')).toBe('false');
    await session.page.getByLabel('Nome').waitFor();
  });

  it('names the hidden tab holding an error and marks it, then both tabs when the first has one too', async () => {
    const page = session.page;
    await page.getByLabel('Nome').fill('Ana Souza');
    await tab('Vínculos').click();
    await page.getByRole('tabpanel').getByRole('button', { name: /adicionar/i }).first().click();
    // The employer stays empty; the person goes back to the first tab and saves.
    await tab('Dados').click();
    await page.getByRole('button', { name: /salvar/i }).click();
    await page.getByText('Existe erro na aba Vínculos', { exact: true }).waitFor();
    expect(await tab('Vínculos').getAttribute('data-error')).toBe('true');
    expect(await tab('Dados').getAttribute('data-error')).toBeNull();

    await page.getByLabel('Nome').fill('');
    await page.getByRole('button', { name: /salvar/i }).click();
    await page.getByText('Existem erros nas seguintes abas: Dados, Vínculos', { exact: true }).waitFor();
    expect(await tab('Dados').getAttribute('data-error')).toBe('true');
  });

  it('saves a work relation with its expedients typed inside its row, and shows the tree', async () => {
    const page = session.page;
    await page.getByLabel('Nome').fill('Ana Souza');
    await tab('Vínculos').click();
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Empregador').fill('Hospital Central');
    // The row's own 'adicionar' (its expedients) comes before the list's, which adds a work relation.
    await panel.getByRole('button', { name: /adicionar/i }).first().click();
    await panel.getByLabel('Dia da semana').click();
    await page.getByRole('option', { name: 'Segunda-feira' }).click();
    await panel.getByLabel('Início').fill('08:00');
    await panel.getByLabel('Fim').fill('12:00');
    await page.getByRole('button', { name: /salvar/i }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/profissionais\/\d+$/);
    // The record opens in view mode, in the same tabs: each work relation with its expedients below it.
    await tab('Vínculos').click();
    const saved = page.getByRole('tabpanel');
    await saved.getByText(/^Hospital Central/).waitFor();
    await saved.getByText(/^Segunda-feira - 08:00(:00)? - 12:00(:00)?$/).waitFor();
  });

  it('keeps its tabs reachable on a 390 px phone', async () => {
    const page = session.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${session.product.url}/profissionais/inserir`);
    await tab('Formação').click();
    await expect.poll(() => tab('Formação').getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tabpanel').getByText('Cursos').first().waitFor();
  });
});
