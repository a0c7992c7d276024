import { describe, expect, it } from 'vitest';
import { logIn } from './support/product';
import { browserSession } from './support/session';

/**
 * A new member of staff's first visit: log in, open a reference table from the menu, insert a
 * record (meeting the required-field message first), find it, edit it, view it, delete two rows
 * after confirming, and log out.
 */
describe('a reference table in the browser', () => {
  const session = browserSession();

  it('logs in and lands on the home page with the menu', async () => {
    await logIn(session.page, session.product);
    await expect.poll(() => session.page.url()).toBe(`${session.product.url}/`);
    await expect.poll(() => session.page.title()).toMatch(/ - /);
  });

  it('opens Estados civis from the menu', async () => {
    await session.page.getByText('Estados civis', { exact: true }).first().click();
    await expect.poll(() => new URL(session.page.url()).pathname).toBe('/estados_civis');
    await session.page.getByRole('table').waitFor();
  });

  it('shows the pt-BR message when the required field is left empty, then saves', async () => {
    await session.page.getByRole('link', { name: /inserir/i }).click();
    await expect.poll(() => new URL(session.page.url()).pathname).toBe('/estados_civis/inserir');
    await session.page.getByRole('button', { name: /salvar/i }).click();
    await session.page.getByText('O campo Denominação é obrigatório.').waitFor();
    await session.page.getByLabel('Denominação').fill('Convivente de teste');
    await session.page.getByRole('button', { name: /salvar/i }).click();
    await expect.poll(() => new URL(session.page.url()).pathname).toMatch(/^\/estados_civis\/\d+$/);
  });

  it('finds the new record with an accent-insensitive search', async () => {
    await session.page.goto(`${session.product.url}/estados_civis`);
    await session.page.getByRole('textbox', { name: 'Pesquisar' }).fill('convivente');
    await session.page.getByRole('cell', { name: 'Convivente de teste' }).waitFor();
    const rows = session.page.getByRole('row');
    await expect.poll(() => rows.count()).toBe(2);
  });

  it('opens the record in view mode, edits it and sees the new value', async () => {
    await session.page.getByRole('cell', { name: 'Convivente de teste' }).click();
    await expect.poll(() => new URL(session.page.url()).pathname).toMatch(/^\/estados_civis\/\d+$/);
    // Viewing shows the value, not an input; 'Editar' brings the input. (The list's cell holds the
    // same text: the view is there once its 'Editar' is, and the list's search box gone.)
    await session.page.getByRole('button', { name: /editar/i }).waitFor();
    await session.page.locator('main').getByText('Convivente de teste').waitFor();
    await expect.poll(() => session.page.getByRole('textbox').count()).toBe(0);
    await session.page.getByRole('button', { name: /editar/i }).click();
    const input = session.page.getByLabel('Denominação');
    await input.fill('Convivência registrada');
    await session.page.getByRole('button', { name: /salvar/i }).click();
    await session.page.goto(`${session.product.url}/estados_civis`);
    await session.page.getByRole('cell', { name: 'Convivência registrada' }).waitFor();
  });

  it('deletes two selected rows after confirming', async () => {
    await session.page.goto(`${session.product.url}/estados_civis`);
    await session.page.getByRole('textbox', { name: 'Pesquisar' }).fill('');
    await expect.poll(() => session.page.getByRole('row').count()).toBeGreaterThan(3);
    const before = await session.page.getByRole('row').count();
    await session.page.getByRole('row').nth(1).getByRole('checkbox').check();
    await session.page.getByRole('row').nth(2).getByRole('checkbox').check();
    await session.page.getByRole('button', { name: /excluir/i }).click();
    await session.page.getByRole('dialog').getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => session.page.getByRole('row').count()).toBe(before - 2);
  });

  it('counts the seeded CNAE subclasses exactly in the pagination bar', async () => {
    await session.page.goto(`${session.product.url}/atividades_economicas`);
    await session.page.getByRole('navigation', { name: 'Paginação' }).getByText('1-25 de 1.332', { exact: true }).waitFor();
  });

  it('logs out and returns to the login page', async () => {
    await session.page.getByRole('button', { name: 'Perfil' }).click();
    await session.page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect.poll(() => new URL(session.page.url()).pathname).toBe('/login');
  });
});
