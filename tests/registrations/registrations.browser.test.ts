/**
 * Registrations in Chromium as staff make them: a company's registration through every step, the
 * defaults of each option filled in, the number drawn on save; an unknown person registered from
 * inside step 2 and brought back to the steps; the registration moved to a next situation, its
 * history shown. At 1366 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn } from '../e2e/support/product';
import { adminApi } from '../e2e/support/admin-api';
import { browserSession } from '../e2e/support/session';
import { registrationSetUp, type RegistrationSetUp } from './support/configuration';
import { pictureOnPhone } from '../e2e/support/phone';

const SHOTS = join(tmpdir(), 'registrations-shots');
const CNPJ = '11.222.333/0001-81';
const UNKNOWN_CPF = '390.533.447-05';

describe('registrations in the browser', () => {
  const session = browserSession();
  const page = () => session.page;
  const { api, optionId } = adminApi(() => session.product);
  let setUp: RegistrationSetUp;
  let drawnId: number;
  let year: string;
  const path = () => new URL(page().url()).pathname;
  const combobox = (label: string) => page().getByRole('combobox', { name: new RegExp(`^${label}`) });
  const textbox = (label: string) => page().getByRole('textbox', { name: new RegExp(`^${label}( - Opcional)?( \\*)?$`) });
  const choose = async (label: string, option: string | RegExp) => {
    await combobox(label).click();
    await page().getByRole('option', { name: option }).first().click();
  };
  const nextStep = () => page().getByRole('button', { name: 'Próximo' }).click();
  const shot = (name: string) => page().screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

  it("registers a legal entity's registration through the steps, each option's defaults filled in", async () => {
    mkdirSync(SHOTS, { recursive: true });
    setUp = await registrationSetUp(async (p, body, method = 'POST') => (await api(method, p, body)).data);
    await api('POST', '/api/pessoa_juridica', {
      cnpj: CNPJ, name: 'Construtora Exemplo Ltda', short_name: 'Exemplo', party_type_id: await optionId('tipos_parte', 'Pessoa Jurídica', 'pessoa_juridica_sem_instituicao'),
      nationality_id: await optionId('nacionalidades', 'Brasileira'), legal_nature_id: await optionId('naturezas_juridicas', '206-2'),
      economic_activity_id: await optionId('atividades_economicas', '4120-4/00'), social_capital: '100.000,00',
    });
    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(path).toBe('/');
    await page().goto(`${session.product.url}/inscricao/inserir`);

    await choose('Tipo de pessoa', 'Pessoa Jurídica');
    await shot('step-1');
    await nextStep();
    await textbox('CNPJ').fill('11222333000181');
    await textbox('CNPJ').press('Enter');
    await page().getByText('Encontrado: Construtora Exemplo Ltda').waitFor();
    await nextStep();
    // Only the categories of companies are offered.
    await combobox('Categoria').click();
    expect(await page().getByRole('option', { name: 'Engenheiro civil' }).count()).toBe(0);
    await page().getByRole('option', { name: 'Empresa de engenharia' }).click();
    await nextStep();
    // The category's default type, and that type's default phase and situation.
    await expect.poll(() => combobox('Tipo de registro').inputValue()).toBe('Principal');
    await expect.poll(() => combobox('Fase').inputValue()).toBe('Definitiva');
    await expect.poll(() => combobox('Situação').inputValue()).toBe('Ativa');
    await shot('step-4');
    // Leaving step 4 looks for an open registration: on a slow answer 'Próximo' waits for it, so a
    // second click moves one step further rather than leaving step 4 again.
    const slowLookUp = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    };
    await page().route('**/category/*/type/*', slowLookUp);
    await nextStep();
    await nextStep();
    await page().getByText('O número da inscrição e o do processo vêm das sequências ao salvar.').waitFor();
    await page().unroute('**/category/*/type/*', slowLookUp);
    // Step 5's range, the category's main one (its step is hidden now, its value kept).
    expect(await page().getByRole('combobox', { name: /^Faixa de contribuição/, includeHidden: true }).inputValue()).toBe('Integral');
    await nextStep();
    await textbox('Observações').fill('Registro da matriz.');
    await nextStep();
    const review = page().getByRole('definition');
    await expect.poll(async () => (await review.allTextContents()).join(' | ')).toContain('Construtora Exemplo Ltda');
    expect((await review.allTextContents()).join(' | ')).toContain('Empresa de engenharia');
    await shot('review');
    await page().getByRole('button', { name: 'Salvar' }).click();

    await expect.poll(path, { timeout: 30_000 }).toMatch(/^\/inscricao\/\d+$/);
    const id = Number(path().split('/').pop());
    drawnId = id;
    const saved = (await api('GET', `/api/inscricao/${id}`)).data;
    year = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date());
    expect(saved).toMatchObject({ person_type: 2, category_id: setUp.categories.company, registration_type_id: setUp.type, registration_phase_id: setUp.phases.definitive, situation_id: setUp.situations.active, contribution_range_id: setUp.ranges.full, formatted_number: `000001/${year}`, notes: 'Registro da matriz.' });
    await page().getByText(`000001/${year}`).first().waitFor();
    await shot('record');
  }, 180_000);

  it('moves the registration to a next situation, the main one proposed, and shows it in the history', async () => {
    await page().getByRole('button', { name: 'Mudar situação' }).click();
    const dialog = page().getByRole('dialog', { name: 'Mudar situação' });
    expect(await dialog.getByRole('radio', { name: 'Suspensa (principal)' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('radio').count()).toBe(2);
    await shot('move');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await page().getByText('Situação alterada.').waitFor();
    const history = page().getByRole('region', { name: 'Situações da inscrição' }).getByRole('listitem');
    await expect.poll(() => history.count()).toBe(2);
    expect(await history.first().textContent()).toMatch(/^Suspensa desde \d\d\/\d\d\/\d{4} \(antes: Ativa\)/);
  });

  it("shows the numbers a sequence drew as read-only on the edit form, and a typed registration's numbers editable", async () => {
    const panel = page().getByRole('tabpanel');
    const numbers = async (id: number) => {
      await page().goto(`${session.product.url}/inscricao/${id}`);
      await page().getByRole('button', { name: 'Editar' }).click();
      await page().getByRole('tab', { name: /^Números/ }).click();
    };
    await numbers(drawnId);
    await panel.getByText(`000001/${year}`).waitFor();
    for (const label of ['Número', 'Número formatado', 'Livro', 'Folha', 'Ordem', 'Número do processo', 'Processo']) {
      expect(await panel.getByRole('textbox', { name: new RegExp(`^${label}( - Opcional)?$`) }).count(), label).toBe(0);
    }
    expect(await panel.getByText(`PROC-00001/${year}`).count()).toBe(1);
    // The process date is the registration's to change.
    expect(await panel.getByRole('textbox', { name: /^Data do processo/ }).count()).toBe(1);
    await shot('numbers-drawn');
    await page().getByRole('tab', { name: /^Observações/ }).click();
    await panel.getByRole('textbox', { name: /^Observações/ }).fill('Números conferidos.');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await page().getByText('Registro salvo com sucesso').waitFor();
    expect((await api('GET', `/api/inscricao/${drawnId}`)).data).toMatchObject({ formatted_number: `000001/${year}`, process_formatted_number: `PROC-00001/${year}`, sequence_auto: true, notes: 'Números conferidos.' });

    // A registration of a phase whose numeration is controlled outside keeps its numbers typeable.
    const company = (await api('POST', '/api/pessoa_juridica', {
      cnpj: '45.723.174/0001-10', name: 'Hospital Exemplo S.A.', short_name: 'Hospital', party_type_id: await optionId('tipos_parte', 'Pessoa Jurídica', 'pessoa_juridica_sem_instituicao'),
      nationality_id: await optionId('nacionalidades', 'Brasileira'), legal_nature_id: await optionId('naturezas_juridicas', '205-4'),
      economic_activity_id: await optionId('atividades_economicas', '8610-1/01'), social_capital: '10.000,00',
    })).data;
    const typed = (await api('POST', '/api/inscricao', {
      person_type: 2, party_id: company.party_id, category_id: setUp.categories.company, registration_type_id: setUp.type, registration_phase_id: setUp.phases.historical,
      situation_id: setUp.situations.active, contribution_range_id: setUp.ranges.full, number: 1234, formatted_number: '001234/1998',
    })).data;
    await numbers(typed.id);
    await expect.poll(() => panel.getByRole('textbox', { name: /^Número formatado/ }).inputValue()).toBe('001234/1998');
    await shot('numbers-typed');
  }, 120_000);

  it('registers an unknown person from inside step 2 and comes back to the steps with them', async () => {
    await page().goto(`${session.product.url}/inscricao/inserir`);
    await choose('Tipo de pessoa', 'Pessoa Física');
    await nextStep();
    await textbox('CPF').fill(UNKNOWN_CPF.replace(/\D/g, ''));
    await textbox('CPF').press('Enter');
    await page().getByText('Nenhum Resultado').waitFor();
    await page().getByRole('button', { name: 'Cadastrar pessoa física' }).click();

    await expect.poll(path).toBe('/pessoa_fisica/inserir');
    const panel = page().getByRole('tabpanel');
    // The CPF typed in the steps is already on the person's form.
    await page().getByRole('tab', { name: /^Documentos/ }).click();
    expect(await panel.getByLabel(/^CPF/).inputValue()).toBe(UNKNOWN_CPF);
    await page().getByRole('tab', { name: /^Dados pessoais/ }).click();
    await panel.getByLabel(/^Nome( \*)?$/).fill('Joana Prado');
    await panel.getByLabel(/^Nome abreviado/).fill('Joana');
    await choose('Tipo de parte', 'Pessoa Física');
    await panel.getByLabel(/^Data de nascimento/).fill('02/09/1991');
    await choose('Gênero', 'Feminino');
    await choose('Estado civil', 'Solteiro(a)');
    await combobox('Naturalidade').fill('Brasília');
    await page().getByRole('option', { name: /^Brasília/ }).first().click();
    await combobox('Nacionalidade').fill('Brasil');
    await page().getByRole('option', { name: 'Brasileira' }).first().click();
    await page().getByRole('button', { name: 'Salvar' }).click();

    // Back at the steps, on the category, the new person chosen and the person type kept.
    await expect.poll(path, { timeout: 30_000 }).toBe('/inscricao/inserir');
    await page().getByRole('combobox', { name: /^Categoria/ }).waitFor();
    await choose('Categoria', 'Engenheiro civil');
    await nextStep();
    await expect.poll(() => combobox('Situação').inputValue()).toBe('Ativa');
    await nextStep();
    await nextStep();
    await nextStep();
    await nextStep();
    const review = page().getByRole('definition');
    await expect.poll(async () => (await review.allTextContents()).join(' | ')).toContain('Joana Prado');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(path, { timeout: 30_000 }).toMatch(/^\/inscricao\/\d+$/);
    const saved = (await api('GET', `/api/inscricao/${path().split('/').pop()}`)).data;
    const person = (await api('GET', `/api/pessoa_fisica/cpf/${UNKNOWN_CPF.replace(/\D/g, '')}`)).data;
    expect(saved).toMatchObject({ person_type: 1, party_id: person.party_id, category_id: setUp.categories.engineer, contribution_range_id: setUp.ranges.full });
  }, 180_000);

  it("lists a person's registrations on their record, each opening it, and the registration list finds them by the person's name and CPF", async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    const digits = UNKNOWN_CPF.replace(/\D/g, '');
    const person = (await api('GET', `/api/pessoa_fisica/cpf/${digits}`)).data;
    const [registration] = (await api('GET', `/api/inscricao/parte/1/${digits}`)).data;
    await page().goto(`${session.product.url}/pessoa_fisica/${person.id}`);
    const panel = page().getByRole('region', { name: 'Inscrições desta pessoa' });
    const link = panel.getByRole('link', { name: `Inscrição ${registration.formatted_number}` });
    await link.waitFor();
    expect(await panel.getByRole('listitem').first().textContent()).toContain('Engenheiro civil · Ativa · Ativo');
    await shot('person-registrations-1366');
    await pictureOnPhone(page(), panel, join(SHOTS, 'person-registrations-390.png'));
    await link.click();
    await expect.poll(path).toBe(`/inscricao/${registration.id}`);

    // The list's search finds the registration by its person's name, and by the CPF's start, marks or not.
    await page().goto(`${session.product.url}/inscricao`);
    const search = page().getByRole('textbox', { name: 'Pesquisar' });
    const rows = page().getByRole('table').getByRole('row');
    await expect.poll(() => rows.count()).toBe(4);
    for (const typed of ['Joana Prado', 'prado', digits.slice(0, 6), UNKNOWN_CPF]) {
      await search.fill('');
      await expect.poll(() => rows.count()).toBe(4);
      await search.fill(typed);
      // The three registrations listed, then the person's alone.
      await expect.poll(() => rows.count(), { message: typed }).toBe(2);
      expect(await rows.nth(1).textContent(), typed).toContain(registration.formatted_number);
    }
    await search.fill(digits.slice(0, 6));
    await page().getByText('O CPF/CNPJ é procurado pelo início do número.').waitFor();
    await shot('search-by-person');
  }, 120_000);

  it('keeps the steps usable on a 390 px phone', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await page().goto(`${session.product.url}/inscricao/inserir`);
    await page().getByText('Passo 1 de 8: Tipo de pessoa').waitFor();
    await choose('Tipo de pessoa', 'Pessoa Física');
    await nextStep();
    await page().getByText('Passo 2 de 8: Inscrito').waitFor();
    const width = await page().evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot('phone');
  });
});
