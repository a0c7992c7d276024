/**
 * A physical person registered in Chromium as staff do it: the tabs of the form, two phones, an
 * address filled from its postal code (ViaCEP played by a small server on loopback), a work relation resigned before its admission and whose schedule conflicts (each message on the row), fixed
 * and saved; reopened, everything is as typed. A course relation with its diploma registered at another
 * site, its dates out of order fixed, saved and reopened as typed. At 1366 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminApi } from '../e2e/support/admin-api';
import { downloadedBytes, logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { postalCodeStandIns } from '../postal-code/support/providers';

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = join(tmpdir(), 'persons-shots');

/** The Esplanada's postal code as ViaCEP answers it. */
const ESPLANADA = { cep: '70040-010', logradouro: 'SBS Quadra 2', complemento: 'Bloco E', bairro: 'Asa Sul', localidade: 'Brasília', uf: 'DF', ibge: '5300108' };

describe('physical persons in the browser', () => {
  const env: Record<string, string> = { SEED_DEMO: '1' };
  postalCodeStandIns(env, { '70040010': { status: 200, body: ESPLANADA } });
  const session = browserSession(env);
  const page = () => session.page;
  const { api, optionId } = adminApi(() => session.product);
  const tab = (name: string) => page().getByRole('tab', { name: new RegExp(`^${name}`) });
  const panel = () => page().getByRole('tabpanel');
  const field = (label: string, within = panel()) => within.getByLabel(new RegExp(`^${label}( - Opcional)?( \\*)?$`));
  const choose = async (label: string, option: string | RegExp, within = panel()) => {
    await within.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
    await page().getByRole('option', { name: option }).first().click();
  };
  const typeAhead = async (label: string, typed: string, option: string | RegExp, within = panel()) => {
    const input = within.getByRole('combobox', { name: new RegExp(`^${label}`) });
    await input.fill(typed);
    await page().getByRole('option', { name: option }).first().click();
  };

  it('registers a person with two phones, an address and a work relation, fixing its dates out of order and a schedule conflict', async () => {
    mkdirSync(SHOTS, { recursive: true });
    // An employer without sectors, beside the seeded ones that have some.
    await api('POST', '/api/pessoa_juridica', {
      cnpj: '11.444.777/0001-61', name: 'Comércio Sem Setores Ltda', short_name: 'Sem Setores', party_type_id: await optionId('tipos_parte', 'Pessoa Jurídica', 'pessoa_juridica_sem_instituicao'),
      nationality_id: await optionId('nacionalidades', 'Brasileira'), legal_nature_id: await optionId('naturezas_juridicas', '206-2'),
      economic_activity_id: await optionId('atividades_economicas', '4120-4/00'), social_capital: '10.000,00',
    });
    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    await page().goto(`${session.product.url}/pessoa_fisica/inserir`);

    // A paste past a field's limit is not cut silently: the whole text stays, the field says it is
    // too long, and the form refuses to save until the person shortens it.
    await page().context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.product.url });
    const long = `Maria da Conceição ${'Souza '.repeat(40)}`.trim();
    await page().evaluate((text) => navigator.clipboard.writeText(text), long);
    await field('Nome').click();
    await page().keyboard.press('Control+V');
    await expect.poll(() => field('Nome').inputValue()).toBe(long);
    await panel().getByText('O campo Nome não pode ter mais de 191 caracteres.').waitFor();
    await page().screenshot({ path: join(SHOTS, 'colado-1366.png') });
    await field('Nome').fill('Maria da Conceição Souza');
    await expect.poll(() => panel().getByText('O campo Nome não pode ter mais de 191 caracteres.').count()).toBe(0);
    await field('Nome abreviado').fill('Maria Souza');
    await choose('Tipo de parte', 'Pessoa Física');
    await field('Data de nascimento').fill('14/03/1985');
    await choose('Gênero', 'Feminino');
    await choose('Estado civil', 'Casado(a)');
    await typeAhead('Naturalidade', 'Brasília', /^Brasília/);
    await typeAhead('Nacionalidade', 'Brasil', 'Brasileira');
    await page().screenshot({ path: join(SHOTS, 'dados-1366.png'), fullPage: true });

    await tab('Documentos').click();
    await field('CPF').fill('52998224725');

    await tab('Contatos').click();
    const add = () => panel().getByRole('button', { name: /adicionar/i });
    await add().first().click();
    await add().first().click();
    for (const [row, [number, main]] of [['99876-5432', true], ['3322-1100', false]].entries()) {
      await field('DDD').nth(row).fill('61');
      await field('Número').nth(row).fill(number as string);
      await panel().getByRole('combobox', { name: /^Operadora/ }).nth(row).click();
      await page().getByRole('option', { name: row === 0 ? 'Vivo' : 'Claro' }).click();
      if (main) await field('Principal').nth(row).check();
    }
    await add().last().click();
    await field('E-mail').fill('maria.souza@example.com');
    await page().screenshot({ path: join(SHOTS, 'contatos-1366.png'), fullPage: true });

    await tab('Endereços').click();
    await add().first().click();
    // A code no provider knows clears the address and says so; the Esplanada's fills it.
    await field('CEP').fill('99999-999');
    await field('Logradouro').click();
    await panel().getByText(/CEP não encontrado/).waitFor();
    await field('CEP').fill('70040-010');
    await field('Número').click();
    await expect.poll(() => field('Logradouro').inputValue()).toBe('SBS Quadra 2');
    expect(await field('Bairro').inputValue()).toBe('Asa Sul');
    expect(await field('Complemento').inputValue()).toBe('Bloco E');
    expect(await panel().getByRole('combobox', { name: /^UF/ }).inputValue()).toMatch(/DF|Distrito Federal/);
    expect(await panel().getByRole('combobox', { name: /^Município/ }).inputValue()).toBe('Brasília');
    await field('Número').fill('10');
    await choose('Tipo de endereço', 'Residencial');
    // Eleven inputs in a row wrap onto more lines rather than squeeze to nothing.
    for (const label of ['CEP', 'Logradouro', 'Bairro', 'Complemento']) expect((await field(label).boundingBox())!.width, label).toBeGreaterThan(150);
    await field('Principal').check();
    await page().screenshot({ path: join(SHOTS, 'enderecos-1366.png'), fullPage: true });

    await tab('Vínculos').click();
    await add().last().click();
    // The sector is required while the employer has sectors to choose from, optional otherwise, as
    // the server has it: the label says which, and an empty one is refused before saving.
    const sectorLabel = () => panel().locator('label').filter({ hasText: /^Setor( - Opcional)?( \*)?$/ }).first().textContent();
    await typeAhead('Empregador', 'Sem Setores', /^Comércio Sem Setores Ltda/);
    await expect.poll(sectorLabel).toBe('Setor - Opcional');
    await typeAhead('Empregador', 'Constru', /^Construtora Horizonte Ltda/);
    await expect.poll(sectorLabel).toBe('Setor');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await panel().getByText('O campo Setor é obrigatório.').waitFor();
    expect(new URL(page().url()).pathname).toBe('/pessoa_fisica/inserir');
    // The sectors offered are the employer's own.
    await panel().getByRole('combobox', { name: /^Setor/ }).click();
    expect(await page().getByRole('option').allTextContents()).toEqual(['Administração', 'Engenharia']);
    await page().getByRole('option', { name: 'Engenharia' }).click();
    await field('Matrícula').fill('CH-2020-17');
    await field('Data de admissão').fill('01/02/2020');
    await choose('Tipo de vínculo', 'Empregado');
    await choose('Regime de trabalho', 'CLT');
    await choose('Atribuição técnica', 'Projeto');
    // The counter under a row's text follows what was typed there.
    await panel().getByText('10/50').first().waitFor();
    // The relation comes with the default schedule, a week grid of two expedients; the second
    // expedient's Monday is moved into the first's.
    const cell = (part: 'Início' | 'Fim', day: string, expedient: number) => panel().getByLabel(`${part} de ${day}, expediente ${expedient}`, { exact: true });
    const weekdays = ['Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira'];
    const startsOf = (expedient: number) => Promise.all(['Domingo', ...weekdays, 'Sábado'].map((day) => cell('Início', day, expedient).inputValue()));
    expect(await startsOf(1)).toEqual(['', ...Array(5).fill('08:00'), '']);
    expect(await startsOf(2)).toEqual(['', ...Array(5).fill('13:00'), '']);
    await cell('Início', 'Segunda-feira', 2).fill('1100');
    expect(await cell('Início', 'Segunda-feira', 2).inputValue()).toBe('11:00');
    // A resignation before the admission is refused on the row, and left empty.
    await field('Data de desligamento').fill('01/01/2019');
    await page().getByRole('button', { name: 'Salvar' }).click();
    const order = panel().getByText('A data de desligamento não pode ser anterior à data de admissão.');
    await order.waitFor();
    expect(new URL(page().url()).pathname).toBe('/pessoa_fisica/inserir');
    const invalid = page().getByRole('alert').filter({ hasText: 'O formulário não é válido. Verifique os erros.' });
    await invalid.waitFor();
    await field('Data de desligamento').fill('');
    await expect.poll(() => order.count()).toBe(0);
    // The form's last error fixed, the toast that spoke of it goes too.
    await expect.poll(() => invalid.count()).toBe(0);
    await page().getByRole('button', { name: 'Salvar' }).click();
    await panel().getByText('O horário está em conflito com o expediente: 1').waitFor();
    expect(new URL(page().url()).pathname).toBe('/pessoa_fisica/inserir');
    await page().screenshot({ path: join(SHOTS, 'vinculos-1366.png'), fullPage: true });
    await cell('Início', 'Segunda-feira', 2).fill('13:00');
    await cell('Fim', 'Sexta-feira', 2).fill('17:30');
    // A third expedient added to the grid and left without times is refused; then it gets a
    // Saturday morning.
    await panel().getByRole('button', { name: 'Adicionar expediente' }).click();
    await page().getByRole('button', { name: 'Salvar' }).click();
    await panel().getByText('Você deve informar ao menos um horário').waitFor();
    expect(new URL(page().url()).pathname).toBe('/pessoa_fisica/inserir');
    await cell('Início', 'Sábado', 3).fill('08:00');
    await cell('Fim', 'Sábado', 3).fill('12:00');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toMatch(/^\/pessoa_fisica\/\d+/);
    const address = new URL(page().url()).pathname.replace(/\/show$/, '');

    // Reopened for editing, the form holds everything as typed.
    await page().goto(`${session.product.url}${address}`);
    await page().getByRole('button', { name: 'Editar' }).click();
    await field('Nome').waitFor();
    expect(await field('Nome').inputValue()).toBe('Maria da Conceição Souza');
    expect(await field('Data de nascimento').inputValue()).toBe('14/03/1985');
    await tab('Documentos').click();
    expect(await field('CPF').inputValue()).toBe('529.982.247-25');
    await tab('Contatos').click();
    expect(await field('Número').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(['99876-5432', '3322-1100']);
    expect(await field('Principal').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).checked))).toEqual([true, false, false]);
    expect(await field('E-mail').inputValue()).toBe('maria.souza@example.com');
    await tab('Endereços').click();
    expect(await field('CEP').inputValue()).toBe('70040-010');
    expect(await field('Logradouro').inputValue()).toBe('SBS Quadra 2');
    expect(await field('Bairro').inputValue()).toBe('Asa Sul');
    expect(await panel().getByRole('combobox', { name: /^Município/ }).inputValue()).toBe('Brasília');
    await tab('Vínculos').click();
    expect(await panel().getByRole('combobox', { name: /^Empregador/ }).inputValue()).toBe('Construtora Horizonte Ltda - 11.222.333/0001-81');
    expect(await panel().getByRole('combobox', { name: /^Setor/ }).inputValue()).toBe('Engenharia');
    expect(await startsOf(1)).toEqual(['', ...Array(5).fill('08:00'), '']);
    expect(await startsOf(2)).toEqual(['', ...Array(5).fill('13:00'), '']);
    expect(await startsOf(3)).toEqual([...Array(6).fill(''), '08:00']);
    expect(await cell('Fim', 'Sexta-feira', 2).inputValue()).toBe('17:30');
    expect(await cell('Fim', 'Quinta-feira', 2).inputValue()).toBe('18:00');
    await page().screenshot({ path: join(SHOTS, 'reaberto-1366.png'), fullPage: true });
  });

  it('adds a course relation with its diploma registered at another site, and reopens it as typed', async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    const unb = await optionId('instituicoes_ensino', 'UnB');
    const ufg = await optionId('instituicoes_ensino', 'UFG');
    const level = await optionId('niveis_curso', 'Graduação');
    for (const [name, institution] of [['Engenharia Civil', unb], ['Arquitetura e Urbanismo', unb], ['Agronomia', ufg]] as const) {
      await api('POST', '/api/cursos', { name, quantity: 10, specialization: 'N', course_level_id: level, educational_institution_id: institution });
    }
    const { data: people } = await api('GET', `/api/pessoa_fisica?${new URLSearchParams({ q: 'Maria da Conceição' })}`);
    await page().goto(`${session.product.url}/pessoa_fisica/${people[0].id}`);
    await page().getByRole('button', { name: 'Editar' }).click();
    await field('Nome').waitFor();
    await tab('Cursos').click();
    await panel().getByRole('button', { name: /adicionar/i }).first().click();
    await typeAhead('Instituição de ensino', 'UnB', /^UnB - /);
    // The courses offered are the chosen institution's.
    await panel().getByRole('combobox', { name: /^Curso/ }).click();
    await expect.poll(() => page().getByRole('listbox').getByRole('option').allTextContents()).toEqual(['Arquitetura e Urbanismo', 'Engenharia Civil']);
    await page().getByRole('option', { name: 'Engenharia Civil' }).click();
    await field('CNPJ da instituição').fill('00038174000143');
    await field('Código e-MEC do curso').fill('12345');
    await choose('Situação de conclusão', 'Concluído');
    await field('Matrícula do aluno').fill('09/0012345');
    await field('Data de ingresso').fill('02/03/2009');
    await field('Data de conclusão').fill('20/12/2008');
    await field('Data de colação de grau').fill('14/02/2014');
    await field('Data do diploma').fill('30/06/2014');
    await field('Carga horária').fill('3600');
    await field('Livro do registro no MEC').fill('7');
    await field('Folha do registro no MEC').fill('89');
    await field('Registro do registro no MEC').fill('MEC-0001');
    // The row's own list of registrations comes first; the list of courses adds after its rows.
    await panel().getByRole('button', { name: /adicionar/i }).first().click();
    // The new row's first field has the focus the form gave it: one click opens its options.
    await panel().getByRole('combobox', { name: /^Local de registro/ }).click();
    await page().getByRole('listbox').getByRole('option', { name: 'Ministério da Educação (MEC)' }).click();
    await field('Registro').fill('CREA-12345');
    await field('Data').fill('10/09/2014');
    await field('Livro').fill('45');
    await field('Folha').fill('67B');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await panel().getByText('A data de conclusão não pode ser anterior à data de ingresso.').waitFor();
    await panel().getByText('O campo Folha deve conter apenas números.').waitFor();
    await page().screenshot({ path: join(SHOTS, 'cursos-1366.png'), fullPage: true });
    await field('Data de conclusão').fill('20/12/2013');
    await field('Folha').fill('678');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await page().getByText('Registro salvo com sucesso').waitFor();
    expect((await api('GET', `/api/pessoa_fisica/${people[0].id}`)).data.course_relations).toHaveLength(1);

    await page().goto(`${session.product.url}/pessoa_fisica/${people[0].id}`);
    await page().getByRole('button', { name: 'Editar' }).click();
    await field('Nome').waitFor();
    await tab('Cursos').click();
    // A reference's label arrives with its options, asked by id once the form has the record: read as it lands.
    await expect.poll(() => panel().getByRole('combobox', { name: /^Instituição de ensino/ }).inputValue()).toMatch(/^UnB - Universidade de Brasília/);
    await expect.poll(() => panel().getByRole('combobox', { name: /^Curso/ }).inputValue()).toBe('Engenharia Civil');
    await expect.poll(() => panel().getByRole('combobox', { name: /^Situação de conclusão/ }).inputValue()).toBe('Concluído');
    const typed: [string, string][] = [
      ['CNPJ da instituição', '00.038.174/0001-43'], ['Código e-MEC do curso', '12345'], ['Matrícula do aluno', '09/0012345'],
      ['Data de ingresso', '02/03/2009'], ['Data de conclusão', '20/12/2013'], ['Data de colação de grau', '14/02/2014'], ['Data do diploma', '30/06/2014'],
      ['Carga horária', '3600'], ['Livro do registro no MEC', '7'], ['Folha do registro no MEC', '89'], ['Registro do registro no MEC', 'MEC-0001'],
      ['Registro', 'CREA-12345'], ['Data', '10/09/2014'], ['Livro', '45'], ['Folha', '678'],
    ];
    for (const [label, value] of typed) expect(await field(label).inputValue(), label).toBe(value);
    await expect.poll(() => panel().getByRole('combobox', { name: /^Local de registro/ }).inputValue()).toBe('Ministério da Educação (MEC)');
    await page().screenshot({ path: join(SHOTS, 'cursos-reaberto-1366.png'), fullPage: true });
  });

  it('lists employees apart, and inserts one with the employee type already chosen', async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    await page().getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Funcionários' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toBe('/funcionarios');
    await page().getByText('Nenhum registro encontrado').waitFor();
    expect(await page().getByText('Maria da Conceição Souza').count()).toBe(0);
    await page().getByRole('link', { name: /^Inserir/ }).first().click();
    await expect.poll(() => new URL(page().url()).pathname).toBe('/pessoa_fisica/inserir');
    // The type's name shows once the party types' options have come.
    await expect.poll(() => panel().getByRole('combobox', { name: /^Tipo de parte/ }).inputValue(), { timeout: 15_000 }).toBe('Funcionário');
    await field('Nome').fill('Carlos Pereira');
    await field('Nome abreviado').fill('Carlos');
    await field('Data de nascimento').fill('02/07/1990');
    await choose('Gênero', 'Masculino');
    await choose('Estado civil', 'Solteiro(a)');
    await typeAhead('Naturalidade', 'Brasília', /^Brasília/);
    await typeAhead('Nacionalidade', 'Brasil', 'Brasileira');
    await tab('Documentos').click();
    await field('CPF').fill('111.444.777-35');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await page().getByText(/Existe erro na aba Vínculos/).waitFor();
    await tab('Vínculos').click();
    await panel().getByText('Informe ao menos um vínculo empregatício do funcionário.').waitFor();
    await panel().getByRole('button', { name: /adicionar/i }).last().click();
    await typeAhead('Empregador', 'Hospital', /^Hospital Santa Clara S\.A\./);
    await choose('Setor', 'Enfermagem');
    await field('Matrícula').fill('HSC-88');
    await field('Data de admissão').fill('10/01/2022');
    await choose('Tipo de vínculo', 'Empregado');
    await choose('Regime de trabalho', 'CLT');
    await choose('Atribuição técnica', 'Projeto');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toMatch(/^\/pessoa_fisica\/\d+/);
    await page().goto(`${session.product.url}/funcionarios`);
    await page().getByText('Carlos Pereira').first().waitFor();
    expect(await page().getByText('Maria da Conceição Souza').count()).toBe(0);
    await page().screenshot({ path: join(SHOTS, 'funcionarios-1366.png'), fullPage: true });
    // Its export holds the employees only, as the screen does.
    await page().getByRole('button', { name: 'Exportar' }).click();
    const [saved] = await Promise.all([page().waitForEvent('download', { timeout: 60_000 }), page().getByRole('menuitem', { name: 'CSV' }).click()]);
    const csv = (await downloadedBytes(saved)).toString('utf8');
    expect(csv).toContain('Carlos Pereira');
    expect(csv).not.toContain('Maria da Conceição Souza');
  });

  it('refuses the second of two people saving one schedule, and reloads the first one\'s week into the grid', async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    const { data: [maria] } = await api('GET', `/api/pessoa_fisica?q=${encodeURIComponent('Maria da Conceição')}`);
    const openSchedule = async (tabPage: Page) => {
      await tabPage.goto(`${session.product.url}/pessoa_fisica/${maria.id}`);
      await tabPage.getByRole('button', { name: 'Editar' }).click();
      await tabPage.getByRole('tab', { name: /^Vínculos/ }).click();
      const cell = (part: 'Início' | 'Fim', day: string) => tabPage.getByRole('tabpanel').getByLabel(`${part} de ${day}, expediente 1`, { exact: true });
      await cell('Início', 'Segunda-feira').waitFor();
      return cell;
    };
    const first = await openSchedule(page());
    // The second person, in a browser of their own.
    const secondContext = await page().context().browser()!.newContext({ locale: 'pt-BR' });
    const secondPage = await secondContext.newPage();
    try {
      await logIn(secondPage, session.product);
      await expect.poll(() => new URL(secondPage.url()).pathname).toBe('/');
      const second = await openSchedule(secondPage);
      // The first adds a Sunday; the second moves Friday's start.
      await first('Início', 'Domingo').fill('07:00');
      await first('Fim', 'Domingo').fill('09:00');
      await second('Início', 'Sexta-feira').fill('09:00');

      await page().getByRole('button', { name: 'Salvar' }).click();
      await page().getByText('Registro salvo com sucesso').waitFor();
      await secondPage.getByRole('button', { name: 'Salvar' }).click();
      const dialog = secondPage.getByRole('dialog', { name: 'Registro alterado' });
      await dialog.waitFor();
      await secondPage.screenshot({ path: join(SHOTS, 'horario-conflito-1366.png'), fullPage: true });
      const stored = async () => (await api('GET', `/api/pessoa_fisica/${maria.id}`)).data.work_relations[0].expedients
        .filter((row: { expedient_number: number }) => row.expedient_number === 1)
        .map((row: { day: number; start: string; end: string }) => `${row.day} ${row.start}-${row.end}`);
      // Sunday is day 1 and Friday day 6: the first person's Sunday is kept, the second's Friday is not.
      expect(await stored()).toContain('1 07:00-09:00');
      expect(await stored()).toContain('6 08:00-12:00');

      await dialog.getByRole('button', { name: 'Recarregar' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => second('Início', 'Domingo').inputValue()).toBe('07:00');
      expect(await second('Início', 'Sexta-feira').inputValue()).toBe('08:00');
    } finally {
      await secondContext.close();
    }
  });

  it('keeps the form usable on a 390 px phone', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await page().goto(`${session.product.url}/pessoa_fisica/inserir`);
    await field('Nome').waitFor();
    await tab('Vínculos').click();
    await expect.poll(() => tab('Vínculos').getAttribute('aria-selected')).toBe('true');
    await panel().getByRole('button', { name: /adicionar/i }).last().click();
    await field('Matrícula').waitFor();
    // The week grid scrolls sideways within itself; the page does not.
    const saturday = panel().getByLabel('Início de Sábado, expediente 1', { exact: true });
    await saturday.scrollIntoViewIfNeeded();
    await saturday.fill('09:00');
    expect(await saturday.inputValue()).toBe('09:00');
    expect(await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page().screenshot({ path: join(SHOTS, 'vinculos-390.png'), fullPage: true });
    await tab('Endereços').click();
    await expect.poll(() => tab('Endereços').getAttribute('aria-selected')).toBe('true');
    await panel().getByRole('button', { name: /adicionar/i }).first().click();
    await field('CEP').waitFor();
    // An address row on a phone: one input a line, full width, each under the one before without a
    // gap (a row turned into a column once gave each input 12 rem of height).
    const tops: number[] = [];
    for (const label of ['CEP', 'UF', 'Município', 'Bairro', 'Logradouro', 'Número', 'Complemento', 'Tipo de endereço', 'Latitude', 'Longitude']) {
      const box = (await field(label).boundingBox())!;
      expect(box.width, label).toBeGreaterThan(250);
      tops.push(box.y);
    }
    for (const [i, top] of tops.slice(1).entries()) expect(top - tops[i], `${i}`).toBeLessThan(130);
    expect(await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page().screenshot({ path: join(SHOTS, 'enderecos-390.png'), fullPage: true });
    await tab('Cursos').click();
    await expect.poll(() => tab('Cursos').getAttribute('aria-selected')).toBe('true');
    await panel().getByRole('button', { name: /adicionar/i }).first().click();
    await panel().getByRole('button', { name: /adicionar/i }).first().click();
    await field('Livro').waitFor();
    expect(await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    for (const label of ['CNPJ da instituição', 'Data de ingresso', 'Livro']) expect((await field(label).boundingBox())!.width, label).toBeGreaterThan(150);
    await page().screenshot({ path: join(SHOTS, 'cursos-390.png'), fullPage: true });
    await page().goto(`${session.product.url}/pessoa_fisica`);
    await page().getByText('Maria da Conceição Souza').first().waitFor();
    await page().screenshot({ path: join(SHOTS, 'lista-390.png'), fullPage: true });
  });
});
