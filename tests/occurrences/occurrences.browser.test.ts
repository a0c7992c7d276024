/**
 * A person's occurrences in Chromium: the 'Ocorrências' panel under the person's form registers one,
 * its number drawn from the type's sequence and its date shown DD/MM/YYYY; a missing date is named
 * on its field, a type whose sequence does not number by itself asks for the number, and one is
 * deleted after a confirmation; then two registered at once (the server's refusal named on the
 * second's field) and two selected deleted at once.
 */
import { describe, expect, it } from 'vitest';
import { adminApi } from '../e2e/support/admin-api';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { seriousViolations } from '../web/support/axe';

const YEAR = new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date());

describe("a person's occurrences in the browser", () => {
  const session = browserSession();
  const page = () => session.page;
  const { api, optionId } = adminApi(() => session.product);

  it('registers an occurrence numbered from its type, asks what is missing, and deletes one after a confirmation', async () => {
    const sequence = (await api('POST', '/api/sequencias', { name: 'Ocorrências', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false, formatting: '{numero:4}/{ano}' })).data;
    const paper = (await api('POST', '/api/sequencias', { name: 'Ofícios', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: false, has_book: false })).data;
    await api('POST', '/api/tipos_ocorrencia', { denomination: 'Advertência', sequence_id: sequence.id });
    await api('POST', '/api/tipos_ocorrencia', { denomination: 'Ofício recebido', sequence_id: paper.id });
    const person = (await api('POST', '/api/pessoa_fisica', {
      name: 'Maria da Silva Souza', short_name: 'Maria', party_type_id: await optionId('tipos_parte', 'Pessoa Física'), date_birth: '1985-03-14',
      genre_id: await optionId('generos', 'Feminino'), civil_status_id: await optionId('estados_civis', 'Solteiro(a)'), naturalness_id: await optionId('municipios', 'Brasília'),
      nationality_id: await optionId('nacionalidades', 'Brasileira'), individual_registration: '529.982.247-25',
    })).data;

    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    await page().goto(`${session.product.url}/pessoa_fisica/${person.id}`);
    const panel = page().getByRole('region', { name: 'Ocorrências' });
    await panel.getByText('Nenhuma ocorrência.').waitFor();
    const form = panel.getByRole('form', { name: 'Registrar ocorrência' });
    await form.getByLabel('Tipo de ocorrência').selectOption({ label: 'Advertência' });
    await form.getByRole('button', { name: 'Registrar ocorrência' }).click();
    await form.getByText('O campo Data é obrigatório.').waitFor();
    await form.getByLabel('Data').fill(`02/03/${YEAR}`);
    await form.getByLabel('Observações - Opcional').fill('Primeira advertência');
    await form.getByRole('button', { name: 'Registrar ocorrência' }).click();
    await expect.poll(() => panel.getByRole('listitem').first().textContent()).toBe(`02/03/${YEAR}AdvertênciaNº 0001/${YEAR}Primeira advertênciaExcluir`);

    await form.getByLabel('Tipo de ocorrência').selectOption({ label: 'Ofício recebido' });
    await form.getByLabel('Data').fill(`03/03/${YEAR}`);
    await form.getByRole('button', { name: 'Registrar ocorrência' }).click();
    await form.getByText('O campo Número é obrigatório: a sequência do tipo não numera automaticamente.').waitFor();
    await form.getByLabel('Número').fill('OF-12');
    await form.getByRole('button', { name: 'Registrar ocorrência' }).click();
    await expect.poll(() => panel.getByRole('listitem').first().textContent()).toBe(`03/03/${YEAR}Ofício recebidoNº OF-12Excluir`);
    expect(await panel.getByRole('listitem').count()).toBe(2);
    expect(await seriousViolations(page()), 'person with occurrences').toEqual([]);

    await panel.getByRole('button', { name: `Excluir a ocorrência de 03/03/${YEAR}` }).click();
    const dialog = page().getByRole('dialog', { name: 'Excluir ocorrência' });
    await dialog.getByText(`Deseja realmente excluir a ocorrência Ofício recebido de 03/03/${YEAR}?`).waitFor();
    await dialog.getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => panel.getByRole('listitem').count()).toBe(1);
    expect(await panel.getByRole('listitem').first().textContent()).toContain(`Nº 0001/${YEAR}`);
  });

  it('registers two occurrences at once, naming the refused one\'s field, and deletes two selected at once', async () => {
    const panel = page().getByRole('region', { name: 'Ocorrências' });
    const form = panel.getByRole('form', { name: 'Registrar ocorrência' });
    await form.getByRole('button', { name: 'Adicionar outra' }).click();
    const first = form.getByRole('group', { name: 'Ocorrência 1' });
    const second = form.getByRole('group', { name: 'Ocorrência 2' });
    await first.getByLabel('Tipo de ocorrência').selectOption({ label: 'Advertência' });
    await first.getByLabel('Data').fill(`04/03/${YEAR}`);
    await second.getByLabel('Tipo de ocorrência').selectOption({ label: 'Ofício recebido' });
    await second.getByLabel('Data').fill(`31/02/${YEAR}`);
    await second.getByLabel('Número').fill('OF-13');
    await form.getByRole('button', { name: 'Registrar 2 ocorrências' }).click();
    // The server refuses the whole batch and names the second's date; the first is not stored either.
    await second.getByText('O campo Data está em formato inválido.').waitFor();
    expect(await panel.getByRole('listitem').count()).toBe(1);
    await second.getByLabel('Data').fill(`05/03/${YEAR}`);
    await form.getByRole('button', { name: 'Registrar 2 ocorrências' }).click();
    await expect.poll(() => panel.getByRole('listitem').count()).toBe(3);
    expect(await panel.getByRole('listitem').first().textContent()).toBe(`05/03/${YEAR}Ofício recebidoNº OF-13Excluir`);
    expect(await panel.getByRole('listitem').nth(1).textContent()).toBe(`04/03/${YEAR}AdvertênciaNº 0002/${YEAR}Excluir`);
    expect(await form.getByRole('group').count()).toBe(1);

    await panel.getByLabel(`Selecionar a ocorrência de 05/03/${YEAR}`).check();
    await panel.getByLabel(`Selecionar a ocorrência de 04/03/${YEAR}`).check();
    await panel.getByRole('button', { name: 'Excluir selecionadas (2)' }).click();
    const dialog = page().getByRole('dialog', { name: 'Excluir ocorrências' });
    await dialog.getByText('Deseja realmente excluir as 2 ocorrências selecionadas?').waitFor();
    await dialog.getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => panel.getByRole('listitem').count()).toBe(1);
    expect(await panel.getByRole('listitem').first().textContent()).toContain(`Nº 0001/${YEAR}`);
    expect(await seriousViolations(page()), 'after deleting two').toEqual([]);
  });
});
