/**
 * The institution's settings in Chromium as an administrator sets them: found in the menu under
 * Sistema, the institution and the president chosen by typing, saved and seen again on reopening; a
 * change of institution that moves a work relation says so; a save over someone else's answers with
 * the reload dialog; a new person's work relation starts with the institution as its employer. At
 * 1366 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn } from '../e2e/support/product';
import { adminApi } from '../e2e/support/admin-api';
import { browserSession } from '../e2e/support/session';

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = join(tmpdir(), 'institution-shots');

/** The demo's companies as their options name them: name and CNPJ. */
const HOSPITAL = 'Hospital Santa Clara S.A. - 45.723.174/0001-10';
const CONSTRUTORA = 'Construtora Horizonte Ltda - 11.222.333/0001-81';

describe('the institution in the browser', () => {
  const session = browserSession({ SEED_DEMO: '1' });
  const page = () => session.page;
  const url = (path: string) => `${session.product.url}${path}`;
  const combobox = (label: string) => page().getByRole('combobox', { name: new RegExp(`^${label}`) });
  const typeAhead = async (label: string, typed: string, option: string) => {
    await combobox(label).fill(typed);
    await page().getByRole('option', { name: option }).first().click();
  };
  const toast = (text: string | RegExp) => page().getByText(text).first().waitFor();

  /** The API as the administrator, beside the browser. */
  const { api, optionId: option } = adminApi(() => session.product);
  /** A person registered through the API, with a current work relation at the employer given. */
  async function person(name: string, cpf: string, employer?: number) {
    const body = {
      name, short_name: name.split(' ')[0], date_birth: '1970-08-09', individual_registration: cpf,
      party_type_id: await option('tipos_parte', 'Pessoa Física', 'pessoa_fisica'), genre_id: await option('generos', 'Feminino'),
      civil_status_id: await option('estados_civis', 'Casado(a)'), naturalness_id: await option('municipios', 'Brasília'),
      nationality_id: await option('nacionalidades', 'Brasileira'),
      work_relations: employer === undefined ? [] : [{
        employer_id: employer, employee_register_id: 'CR-1', admission_date: '2015-03-01', technical_manager: false, responsible_sector: false,
        employment_relationship_type_id: await option('tipos_vinculos_empregaticios', 'Empregado'), work_regime_id: await option('regimes_trabalho', 'CLT'),
        technical_assignment_id: await option('atribuicoes_tecnicas', 'Projeto'),
        // One of the hospital's sectors (the demo's employers list theirs).
        sector_id: await option('setores', 'Enfermagem'),
      }],
    };
    return (await api('POST', '/api/pessoa_fisica', body)).data;
  }

  it('sets the institution and its president, saves them and shows them again', async () => {
    mkdirSync(SHOTS, { recursive: true });
    await person('Helena Presidente Duarte', '529.982.247-25');
    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    await page().getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Instituição' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toBe('/instituicao');
    await combobox('Instituição').waitFor();
    expect(await combobox('Instituição').inputValue()).toBe('');
    await page().getByText('passam para a nova').waitFor();

    // Saved without a president, the field says it is required.
    await typeAhead('Instituição', 'Hospital', 'Hospital Santa Clara S.A.');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await page().getByText('O campo Presidente é obrigatório.').first().waitFor();
    await typeAhead('Presidente', 'Helena', 'Helena Presidente Duarte');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await toast('Configurações da instituição salvas.');
    await page().evaluate(() => window.scrollTo(0, 0));
    await page().screenshot({ path: join(SHOTS, 'instituicao-1366.png') });

    await page().goto(url('/instituicao'));
    await expect.poll(() => combobox('Instituição').inputValue(), { timeout: 15_000 }).toBe(HOSPITAL);
    await expect.poll(() => combobox('Presidente').inputValue()).toBe('Helena Presidente Duarte');
    expect(await page().getByLabel(/^Atualizar vínculos empregatícios/).isChecked()).toBe(false);
  });

  it("starts a new person's work relation with the institution as its employer", async () => {
    // On a slow network: a relation added as soon as the form shows still starts at the institution.
    const slow = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      // A request the page gave up on meanwhile (a newer search) is no longer there to continue.
      await route.continue().catch(() => undefined);
    };
    await page().route('**/api/instituicao', slow);
    // And the employer's options answering after the chosen one is fetched by its id: it is named as
    // its options are (name and CNPJ), not by the plain combo's label.
    const slowOptions = async (route: Route) => {
      if (new URL(route.request().url()).searchParams.has('id')) return route.continue();
      await slow(route);
    };
    await page().route('**/api/partes/combos?**', slowOptions);
    await page().goto(url('/pessoa_fisica/inserir'));
    await page().getByRole('tab', { name: /^Vínculos/ }).click();
    await page().getByRole('tabpanel').getByRole('button', { name: /adicionar/i }).last().click();
    await expect.poll(() => combobox('Empregador').inputValue(), { timeout: 15_000 }).toBe(HOSPITAL);
    await page().unroute('**/api/instituicao', slow);
    await page().unroute('**/api/partes/combos?**', slowOptions);
    await page().keyboard.press('Escape');
    await page().screenshot({ path: join(SHOTS, 'vinculo-1366.png') });
    // The employer stays a choice: another may be picked for this relation.
    await typeAhead('Empregador', 'Constru', 'Construtora Horizonte Ltda');
    expect(await combobox('Empregador').inputValue()).toBe(CONSTRUTORA);
  });

  it('says how many work relations moved with the institution, and offers to reload over a newer save', async () => {
    const hospital = await option('partes', 'Hospital Santa Clara', 'pessoas_juridicas');
    await person('Igor Analista Campos', '111.444.777-35', hospital);
    await page().goto(url('/instituicao'));
    await expect.poll(() => combobox('Instituição').inputValue(), { timeout: 15_000 }).toBe(HOSPITAL);
    await typeAhead('Instituição', 'Constru', 'Construtora Horizonte Ltda');
    await page().getByLabel(/^Atualizar vínculos empregatícios/).check();
    await page().getByRole('button', { name: 'Salvar' }).click();
    await toast('Configurações da instituição salvas. 1 vínculo empregatício passou para a nova instituição.');
    await page().screenshot({ path: join(SHOTS, 'transferidos-1366.png') });

    // Someone else saves meanwhile: this page's save is refused and the newer settings offered.
    const current = (await api('GET', '/api/instituicao')).data;
    await api('PUT', '/api/instituicao', { institution_id: hospital, president_id: current.president_id });
    await typeAhead('Presidente', 'Igor', 'Igor Analista Campos');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await page().getByRole('dialog', { name: 'Registro alterado' }).waitFor();
    await page().getByRole('button', { name: 'Recarregar' }).click();
    await expect.poll(() => combobox('Instituição').inputValue(), { timeout: 15_000 }).toBe(HOSPITAL);
    expect(await combobox('Presidente').inputValue()).toBe('Helena Presidente Duarte');
  });

  it('keeps the settings and the work relation usable on a 390 px phone', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await page().goto(url('/instituicao'));
    await expect.poll(() => combobox('Instituição').inputValue(), { timeout: 15_000 }).toBe(HOSPITAL);
    expect(await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page().screenshot({ path: join(SHOTS, 'instituicao-390.png'), fullPage: true });
    await page().goto(url('/pessoa_fisica/inserir'));
    await page().getByRole('tab', { name: /^Vínculos/ }).click();
    await page().getByRole('tabpanel').getByRole('button', { name: /adicionar/i }).last().click();
    await expect.poll(() => combobox('Empregador').inputValue(), { timeout: 15_000 }).toBe(HOSPITAL);
    expect(await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page().keyboard.press('Escape');
    await page().screenshot({ path: join(SHOTS, 'vinculo-390.png') });
  });
});
