import { describe, expect, it } from 'vitest';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { seriousViolations } from '../web/support/axe';

const YEAR = new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date());

/**
 * The sequence form in Chromium on the real server: a mask previewed live as it is typed, 'Possui
 * livro' filling and clearing the book blocks, the save, and a number drawn by hand shown formatted.
 */
describe('the sequence form', () => {
  const session = browserSession();

  const preview = () => session.page.getByRole('status').filter({ hasText: /Próximo número|formatação/i });
  /** The input of a field, labelled as it is required or not (' - Opcional'). */
  const field = (label: string) => session.page.getByLabel(new RegExp(`^${label}( - Opcional)?$`));
  const value = (label: string) => field(label).inputValue();

  it('previews the mask, fills and clears the book blocks, saves, and draws a number by hand', async () => {
    await logIn(session.page, session.product);
    await expect.poll(() => new URL(session.page.url()).pathname).toBe('/');
    await session.page.goto(`${session.product.url}/sequencias/inserir`);
    await session.page.getByLabel('Nome').fill('Registros de diploma');
    await session.page.getByLabel(/^Formatação/).fill('{numero:5}/{ano}');
    await expect.poll(() => preview().textContent()).toBe(`Próximo número: 00001/${YEAR}`);
    await session.page.getByLabel('Número atual').fill('41');
    await expect.poll(() => preview().textContent()).toBe(`Próximo número: 00042/${YEAR}`);
    await session.page.getByLabel(/^Formatação/).fill('{numero:5}/{ano');
    await expect.poll(() => preview().textContent()).toBe('A formatação abre uma chave "{" que não fecha: feche-a com "}" ou escreva "{{" para mostrar "{".');

    const bookFields = ['Número do livro', 'Início do livro', 'Incremento do livro', 'Número da folha', 'Fim da folha', 'Número da ordem', 'Fim da ordem', 'Incremento da ordem'];
    const blocks = () => Promise.all(bookFields.map(value));
    expect(await blocks()).toEqual(bookFields.map(() => ''));
    await session.page.getByLabel('Possui livro').check();
    await expect.poll(blocks).toEqual(['1', '1', '1', '1', '100', '1', '100', '1']);
    await field('Fim da folha').fill('250');
    await session.page.getByLabel('Possui livro').uncheck();
    await expect.poll(blocks).toEqual(bookFields.map(() => ''));
    expect(await seriousViolations(session.page), 'form without a book').toEqual([]);
    await session.page.getByLabel('Possui livro').check();
    await expect.poll(blocks).toEqual(['1', '1', '1', '1', '100', '1', '100', '1']);

    await session.page.getByLabel(/^Formatação/).fill('L{livro}F{folha:2}-{numero:5}/{ano}');
    await expect.poll(() => preview().textContent()).toBe(`Próximo número: L1F01-00042/${YEAR}`);
    await session.page.getByRole('button', { name: 'Salvar' }).click();
    await session.page.getByRole('button', { name: 'Editar' }).waitFor();
    await expect.poll(() => preview().textContent()).toBe(`Próximo número: L1F01-00042/${YEAR}`);

    await session.page.getByRole('button', { name: 'Gerar número' }).click();
    await session.page.getByRole('dialog', { name: 'Gerar número' }).getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => session.page.getByTestId('drawn-number').textContent()).toBe(`L1F01-00042/${YEAR}`);
    await expect.poll(() => preview().textContent()).toBe(`Próximo número: L1F01-00043/${YEAR}`);
    await session.page.getByText('Último número gerado', { exact: true }).waitFor();
    expect(await seriousViolations(session.page), 'view after a draw').toEqual([]);
  });
});
