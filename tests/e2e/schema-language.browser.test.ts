import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureProject } from './support/fixture-project';
import { root } from './support/build-client';
import { logIn } from './support/product';
import { browserSession } from './support/session';

/**
 * One generated form with every rule and shape of the schema language's second edition, used in
 * Chromium as staff would: a field shown and required only for one choice (and not kept once hidden),
 * a start date after its end refused, an exact decimal checked and saved without a digit lost, two
 * values of a fixed list chosen as chips and read back by their labels, a type-ahead reference into
 * the 1,332 CNAE subclasses, and tabs, one holding a nested sub-list whose error is named while
 * another tab is shown.
 */
describe('a generated form using the whole schema language', () => {
  const session = browserSession({}, fixtureProject);
  const page = () => session.page;
  const tab = (name: string) => page().getByRole('tab', { name: new RegExp(`^${name}`) });
  const label = (text: string) => page().getByLabel(new RegExp(`^${text}( - Opcional)?$`));
  const save = () => page().getByRole('button', { name: /salvar/i }).click();
  let token = '';
  const api = async (path: string) => {
    const response = await fetch(`${session.product.url}${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    return (await response.json()).data;
  };

  it('fills the first tab: a field shown for one choice, a type-ahead reference, a decimal and a period checked', async () => {
    const auth = await fetch(`${session.product.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: session.product.adminEmail, password: session.product.adminPassword }),
    });
    token = (await auth.json()).data.token;
    await logIn(page(), session.product);
    await expect.poll(() => page().url()).toBe(`${session.product.url}/`);
    await page().goto(`${session.product.url}/credenciamentos/inserir`);
    await expect.poll(() => tab('Dados').getAttribute('aria-selected')).toBe('true');

    await label('Nome').fill('Ana Souza');
    expect(await label('Empregador').count()).toBe(0);
    await label('Forma de trabalho').click();
    await page().getByRole('option', { name: 'Empregado' }).click();
    await page().getByLabel('Empregador', { exact: true }).waitFor();

    const activity = page().getByRole('combobox', { name: 'Atividade econômica - Opcional' });
    await activity.click();
    await page().getByText('Digite para refinar…').waitFor();
    await activity.fill('cabeleireiros');
    await page().getByRole('option', { name: '9602-5/01 - CABELEIREIROS, MANICURE E PEDICURE' }).click();

    // Several values of a fixed list: two chosen, out of the list's order.
    const formats = page().getByRole('combobox', { name: 'Formatos aceitos - Opcional' });
    await formats.click();
    await page().getByRole('option', { name: 'PNG' }).click();
    await formats.fill('pd');
    await page().getByRole('option', { name: 'PDF' }).click();

    await label('Valor da hora').fill('1.234,56789');
    await label('Início da validade').fill('10/01/2026');
    await label('Fim da validade').fill('05/01/2026');
    await save();
    await page().getByText('O campo Valor da hora deve conter no máximo 4 casas decimais.').waitFor();
    await page().getByText('A data inicial não pode ser posterior à data final.').waitFor();
    // The required employer, now shown, is named too.
    await page().getByText('O campo Empregador é obrigatório.').waitFor();
    await page().getByLabel('Empregador', { exact: true }).fill('Hospital Central');
    await label('Valor da hora').fill('1.234,5678');
    await label('Fim da validade').fill('31/12/2026');
  });

  it('names the tab holding a nested row\'s error while another tab is shown, then saves the whole tree', async () => {
    await tab('Vínculos').click();
    const panel = page().getByRole('tabpanel');
    // The list's own 'adicionar' adds a work relation; then the row's adds an expedient, left empty.
    await panel.getByRole('button', { name: /adicionar/i }).first().click();
    await panel.getByLabel(/^Empregador/).fill('Clínica Norte');
    await panel.getByRole('button', { name: /adicionar/i }).first().click();
    await tab('Dados').click();
    await save();
    await page().getByText('Existe erro na aba Vínculos', { exact: true }).waitFor();
    expect(await tab('Vínculos').getAttribute('data-error')).toBe('true');
    expect(await tab('Dados').getAttribute('data-error')).toBeNull();

    await tab('Vínculos').click();
    await panel.getByLabel('Dia da semana').click();
    await page().getByRole('option', { name: 'Segunda-feira' }).click();
    await panel.getByLabel('Início', { exact: true }).fill('08:00');
    await panel.getByLabel('Fim', { exact: true }).fill('12:00');
    await save();
    await expect.poll(() => new URL(page().url()).pathname).toMatch(/^\/credenciamentos\/\d+$/);
    const id = new URL(page().url()).pathname.split('/').pop();
    const saved = await api(`/api/credenciamentos/${id}`);
    expect(saved).toMatchObject({ name: 'Ana Souza', kind: 1, employer: 'Hospital Central', hourly_rate: '1234.5678', valid_from: '2026-01-10', valid_until: '2026-12-31', document_formats: ['pdf', 'png'] });
    const cnae = await api(`/api/atividades_economicas/combos?id=${saved.activity_id}`);
    expect(cnae[0].name).toBe('9602-5/01 - CABELEIREIROS, MANICURE E PEDICURE');
    expect(saved.work_relations).toHaveLength(1);
    expect(saved.work_relations[0]).toMatchObject({ employer: 'Clínica Norte' });
    expect(saved.work_relations[0].expedients).toEqual([expect.objectContaining({ weekday: 2, start: expect.stringMatching(/^08:00/), finish: expect.stringMatching(/^12:00/) })]);
    await page().locator('main').getByText('1.234,5678').waitFor();
    // The view names the chosen values by their labels, in the list's order.
    await page().locator('main').getByText('PDF, PNG', { exact: true }).waitFor();
  });

  it('hides the employer for another choice and does not keep it', async () => {
    await page().getByRole('button', { name: 'Editar' }).click();
    await tab('Dados').click();
    await label('Forma de trabalho').click();
    await page().getByRole('option', { name: 'Autônomo' }).click();
    // The work relations' own 'Empregador' stays in the other tab: the first tab's is gone.
    await expect.poll(() => page().getByRole('tabpanel').getByLabel(/^Empregador/).count()).toBe(0);
    await save();
    await page().getByRole('button', { name: 'Editar' }).waitFor();
    const id = new URL(page().url()).pathname.split('/').pop();
    expect(await api(`/api/credenciamentos/${id}`)).toMatchObject({ kind: 2, employer: null, hourly_rate: '1234.5678' });
  });

  it('edits the chosen values as chips on a desktop and on a phone', async () => {
    const formats = page().getByRole('combobox', { name: /^Formatos aceitos/ });
    for (const [width, height] of [[1366, 768], [390, 844]]) {
      await page().setViewportSize({ width, height });
      await page().reload();
      await page().getByRole('button', { name: 'Editar' }).click();
      await formats.scrollIntoViewIfNeeded();
      await page().getByRole('button', { name: 'PDF' }).waitFor();
      await page().screenshot({ path: join(root, 'test-results', `choices-form-${width}.png`) });
    }
    // Chosen values are not offered again.
    await formats.click();
    await page().getByRole('option', { name: 'DOCX' }).waitFor();
    expect(await page().getByRole('option', { name: 'PDF' }).count()).toBe(0);
    await page().screenshot({ path: join(root, 'test-results', 'choices-options-390.png') });
    await page().keyboard.press('Escape');
    await page().setViewportSize({ width: 1280, height: 720 });
  });

  it('filters the list by a CNAE typed into its filter, never loading the whole CNAE', async () => {
    const other = await fetch(`${session.product.url}/api/credenciamentos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Bruno Lima', kind: 2, activity_id: (await api('/api/atividades_economicas/combos?filter=padaria&limit=1'))[0].id }),
    });
    expect(other.status).toBe(201);
    const asked: string[] = [];
    page().on('request', (request) => {
      if (request.url().includes('/api/atividades_economicas/combos')) asked.push(request.url());
    });
    await page().goto(`${session.product.url}/credenciamentos`);
    await page().getByRole('cell', { name: 'Bruno Lima' }).waitFor();
    const filter = page().getByRole('combobox', { name: 'Atividade econômica' });
    await filter.click();
    await page().getByRole('listbox').getByText('Digite para refinar…').waitFor();
    await filter.fill('cabeleireiros');
    const option = page().getByRole('option', { name: '9602-5/01 - CABELEIREIROS, MANICURE E PEDICURE' });
    await option.waitFor();
    await page().screenshot({ path: join(root, 'test-results', 'type-ahead-filter.png') });
    await option.click();
    await expect.poll(() => page().getByRole('cell', { name: 'Bruno Lima' }).count()).toBe(0);
    await page().getByRole('cell', { name: 'Ana Souza' }).waitFor();
    // Opened again from its address, the list names the chosen CNAE in the filter.
    await page().reload();
    await expect.poll(() => filter.inputValue()).toBe('9602-5/01 - CABELEIREIROS, MANICURE E PEDICURE');
    expect(await page().getByRole('cell', { name: 'Bruno Lima' }).count()).toBe(0);
    // Emptied, the filter lets every record back.
    await filter.fill('');
    await filter.blur();
    await page().getByRole('cell', { name: 'Bruno Lima' }).waitFor();
    // A choices field's cell names the values; its filter keeps the records holding the one chosen.
    await page().getByRole('cell', { name: 'PDF, PNG' }).waitFor();
    await page().getByLabel('Formatos aceitos').selectOption('png');
    await expect.poll(() => page().getByRole('cell', { name: 'Bruno Lima' }).count()).toBe(0);
    await page().getByRole('cell', { name: 'Ana Souza' }).waitFor();
    await page().getByLabel('Formatos aceitos').selectOption('');
    await page().getByRole('cell', { name: 'Bruno Lima' }).waitFor();
    const lists = asked.filter((url) => !new URL(url).searchParams.has('id'));
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((url) => new URL(url).searchParams.get('limit') === '50')).toBe(true);
  });
});
