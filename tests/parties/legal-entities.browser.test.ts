/**
 * A legal entity registered in Chromium as staff do it: an alphanumeric CNPJ typed into the mask,
 * the main and secondary economic activities found by typing, sectors, an address filled from its
 * postal code (ViaCEP played by a small server on loopback); reopened, everything is as typed; a
 * person working there chooses among its sectors. At 1366 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logIn } from '../e2e/support/product';
import { adminApi } from '../e2e/support/admin-api';
import { browserSession } from '../e2e/support/session';
import { postalCodeStandIns } from '../postal-code/support/providers';

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = join(tmpdir(), 'legal-entities-shots');

const PAULISTA = { cep: '01310-100', logradouro: 'Avenida Paulista', complemento: 'de 612 a 1510 - lado par', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP', ibge: '3550308' };

describe('legal entities in the browser', () => {
  const env: Record<string, string> = { SEED_DEMO: '1' };
  postalCodeStandIns(env, { '01310100': { status: 200, body: PAULISTA } });
  const session = browserSession(env);
  const page = () => session.page;
  const tab = (name: string) => page().getByRole('tab', { name: new RegExp(`^${name}`) });
  const panel = () => page().getByRole('tabpanel');
  const field = (label: string, within = panel()) => within.getByLabel(new RegExp(`^${label}( - Opcional)?( \\*)?$`));
  const combobox = (label: string, within = panel()) => within.getByRole('combobox', { name: new RegExp(`^${label}`) });
  const choose = async (label: string, option: string | RegExp) => {
    await combobox(label).click();
    await page().getByRole('option', { name: option }).first().click();
  };
  const typeAhead = async (label: string, typed: string, option: string | RegExp, within = panel()) => {
    await combobox(label, within).fill(typed);
    await page().getByRole('option', { name: option }).first().click();
  };

  /** The API as the administrator, beside the browser. */
  const { api, optionId } = adminApi(() => session.product);
  /** The council's president, a person registered through the API. */
  async function createPresident() {
    await api('POST', '/api/pessoa_fisica', {
      name: 'Helena Duarte', short_name: 'Helena', date_birth: '1970-08-09', individual_registration: '529.982.247-25',
      party_type_id: await optionId('tipos_parte', 'Pessoa Física', 'pessoa_fisica'), genre_id: await optionId('generos', 'Feminino'),
      civil_status_id: await optionId('estados_civis', 'Casado(a)'), naturalness_id: await optionId('municipios', 'Brasília'),
      nationality_id: await optionId('nacionalidades', 'Brasileira'),
    });
  }

  it('registers a company with an alphanumeric CNPJ, activities found by typing, sectors and an address from its postal code', async () => {
    mkdirSync(SHOTS, { recursive: true });
    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    await page().goto(`${session.product.url}/pessoa_juridica/inserir`);
    await field('CNPJ').waitFor();

    // A CNPJ with a wrong check digit is refused on its field; the mask takes letters and writes them in capitals.
    await field('CNPJ').fill('12abc34501de36');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await panel().getByText('CNPJ Inválido').waitFor();
    await field('CNPJ').fill('12abc34501de35');
    expect(await field('CNPJ').inputValue()).toBe('12.ABC.345/01DE-35');
    await field('Razão social').fill('Engenharia Alfanumérica Ltda');
    await field('Nome abreviado').fill('Alfanumérica');
    await choose('Tipo de parte', 'Pessoa Jurídica');
    // The institution's type is the institution settings' to give.
    await combobox('Tipo de parte').click();
    expect(await page().getByRole('option', { name: 'Instituição' }).count()).toBe(0);
    await page().keyboard.press('Escape');
    await typeAhead('Nacionalidade', 'Brasil', 'Brasileira');
    await typeAhead('Natureza jurídica', 'Limitada', /^206-2/);
    await field('Capital social').fill('250000,00');
    await page().screenshot({ path: join(SHOTS, 'dados-1366.png'), fullPage: true });

    await tab('Atividades').click();
    await typeAhead('Atividade econômica principal', 'edifícios', /CONSTRUÇÃO DE EDIFÍCIOS/);
    await typeAhead('Atividades econômicas secundárias', 'demolição', /DEMOLIÇÃO DE EDIFÍCIOS/);
    await typeAhead('Atividades econômicas secundárias', 'sondagens', /SONDAGENS/);
    await typeAhead('Setores', 'Engen', 'Engenharia');
    await typeAhead('Setores', 'Admin', 'Administração');
    await page().screenshot({ path: join(SHOTS, 'atividades-1366.png'), fullPage: true });

    await tab('Endereços').click();
    await panel().getByRole('button', { name: /adicionar/i }).first().click();
    await field('CEP').fill('01310-100');
    await field('Número').click();
    await expect.poll(() => field('Logradouro').inputValue()).toBe('Avenida Paulista');
    expect(await field('Bairro').inputValue()).toBe('Bela Vista');
    await expect.poll(() => combobox('Município').inputValue()).toBe('São Paulo');
    await field('Número').fill('1000');
    await choose('Tipo de endereço', 'Comercial');
    await field('Principal').check();
    await page().getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toMatch(/^\/pessoa_juridica\/\d+/);
    const address = new URL(page().url()).pathname.replace(/\/show$/, '');

    await page().goto(`${session.product.url}${address}`);
    await page().getByRole('button', { name: 'Editar' }).click();
    await field('CNPJ').waitFor();
    expect(await field('CNPJ').inputValue()).toBe('12.ABC.345/01DE-35');
    expect(await field('Capital social').inputValue()).toMatch(/250\.000,00/);
    await tab('Atividades').click();
    await expect.poll(() => combobox('Atividade econômica principal').inputValue()).toMatch(/CONSTRUÇÃO DE EDIFÍCIOS/);
    const chips = await panel().locator('.MuiChip-label').allTextContents();
    expect(chips.filter((chip) => /DEMOLIÇÃO|SONDAGENS/.test(chip))).toHaveLength(2);
    expect(chips.filter((chip) => ['Engenharia', 'Administração'].includes(chip)).sort()).toEqual(['Administração', 'Engenharia']);
    await tab('Endereços').click();
    expect(await field('Logradouro').inputValue()).toBe('Avenida Paulista');
    await page().screenshot({ path: join(SHOTS, 'reaberta-1366.png'), fullPage: true });

    // The list finds it by the digits of its CNPJ as typed.
    await page().goto(`${session.product.url}/pessoa_juridica`);
    await page().getByRole('textbox', { name: 'Pesquisar' }).fill('12abc345');
    await expect.poll(() => page().getByText('Construtora Horizonte Ltda').count()).toBe(0);
    await page().getByText('Engenharia Alfanumérica Ltda').first().waitFor();
  });

  it('sets the company as the institution, sees it as a new work relation’s employer, and finds an employer by its CNPJ', async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    await createPresident();
    await page().goto(`${session.product.url}/instituicao`);
    await combobox('Instituição', page().locator('body')).waitFor();
    await typeAhead('Instituição', 'Alfanum', /^Engenharia Alfanumérica Ltda/, page().locator('body'));
    await typeAhead('Presidente', 'Helena', /^Helena Duarte/, page().locator('body'));
    await page().getByRole('button', { name: 'Salvar' }).click();
    await page().getByText('Configurações da instituição salvas.').first().waitFor();

    await page().goto(`${session.product.url}/pessoa_fisica/inserir`);
    await tab('Vínculos').click();
    await panel().getByRole('button', { name: /adicionar/i }).last().click();
    await expect.poll(() => combobox('Empregador').inputValue(), { timeout: 15_000 }).toBe('Engenharia Alfanumérica Ltda - 12.ABC.345/01DE-35');
    // Its sectors are the ones offered.
    await combobox('Setor').click();
    expect(await page().getByRole('option').allTextContents()).toEqual(['Administração', 'Engenharia']);
    await page().keyboard.press('Escape');

    // Another employer found by its CNPJ, typed without punctuation.
    await field('CNPJ do empregador').fill('45723174000110');
    await field('Matrícula').click();
    await expect.poll(() => combobox('Empregador').inputValue()).toBe('Hospital Santa Clara S.A. - 45.723.174/0001-10');
    await field('Matrícula').fill('HSC-1');
    await field('Responsável técnico').check();
    // A CNPJ no company has: the row is cleared, and says so.
    await field('CNPJ do empregador').fill('11.444.777/0001-61');
    await field('Data de admissão').click();
    await panel().getByText('Nenhum Resultado').waitFor();
    expect(await combobox('Empregador').inputValue()).toBe('');
    expect(await field('Matrícula').inputValue()).toBe('');
    expect(await field('Responsável técnico').isChecked()).toBe(false);
    // The schedule stays: the week grid's two default expedients, Monday to Friday.
    const starts = await panel().getByLabel(/^Início de /).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value).filter(Boolean));
    expect(starts).toEqual([...Array(5).fill('08:00'), ...Array(5).fill('13:00')]);
    await page().screenshot({ path: join(SHOTS, 'vinculo-cnpj-1366.png'), fullPage: true });
  });

  it("lists under a company's record the persons it employs, each opening the person's form", async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    const horizonte = (await api('GET', '/api/pessoa_juridica/cnpj/11222333000181')).data;
    const person = (await api('POST', '/api/pessoa_fisica', {
      name: 'Carla Mendes', short_name: 'Carla', date_birth: '1988-04-12', individual_registration: '390.533.447-05',
      party_type_id: await optionId('tipos_parte', 'Pessoa Física', 'pessoa_fisica'), genre_id: await optionId('generos', 'Feminino'),
      civil_status_id: await optionId('estados_civis', 'Solteiro(a)'), naturalness_id: await optionId('municipios', 'Brasília'),
      nationality_id: await optionId('nacionalidades', 'Brasileira'),
      work_relations: [{
        employer_id: horizonte.party_id, sector_id: await optionId('setores', 'Engenharia'), employee_register_id: 'CH-9', admission_date: '2020-02-01',
        technical_manager: false, responsible_sector: false, employment_relationship_type_id: await optionId('tipos_vinculos_empregaticios', 'Empregado'),
        work_regime_id: await optionId('regimes_trabalho', 'CLT'), technical_assignment_id: await optionId('atribuicoes_tecnicas', 'Projeto'),
      }],
    })).data;
    await page().goto(`${session.product.url}/pessoa_juridica/${horizonte.id}`);
    const employees = page().getByRole('region', { name: 'Vínculos empregatícios com esta pessoa jurídica' });
    await employees.getByRole('link', { name: 'Carla Mendes' }).waitFor();
    expect(await employees.getByRole('listitem').allTextContents()).toEqual(['Carla Mendes · CPF 390.533.447-05 · Matrícula CH-9 · Engenharia · desde 01/02/2020']);
    await page().screenshot({ path: join(SHOTS, 'empregados-1366.png'), fullPage: true });
    await page().setViewportSize({ width: 390, height: 844 });
    expect(await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page().setViewportSize({ width: 1366, height: 900 });
    await employees.getByRole('link', { name: 'Carla Mendes' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toBe(`/pessoa_fisica/${person.id}`);
    await page().getByText('Pessoa física: Carla Mendes').first().waitFor();

    // A company nobody works for says so.
    const alpha = (await api('GET', '/api/pessoa_juridica/cnpj/12ABC34501DE35')).data;
    await page().goto(`${session.product.url}/pessoa_juridica/${alpha.id}`);
    await page().getByText('Nenhuma pessoa física tem vínculo com esta pessoa jurídica.').waitFor();
  });

  it('keeps the form usable on a 390 px phone', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await page().goto(`${session.product.url}/pessoa_juridica/inserir`);
    await field('CNPJ').waitFor();
    expect(await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page().screenshot({ path: join(SHOTS, 'dados-390.png'), fullPage: true });
    await tab('Atividades').click();
    await combobox('Atividade econômica principal').waitFor();
    expect(await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // The list keeps the search typed before (the company registered above answers it).
    await page().goto(`${session.product.url}/pessoa_juridica`);
    await page().getByText('Engenharia Alfanumérica Ltda').first().waitFor();
    await page().screenshot({ path: join(SHOTS, 'lista-390.png'), fullPage: true });
  });
});
