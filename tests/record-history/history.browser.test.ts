/**
 * A record's history in Chromium, on a physical person: 'Histórico de alterações' under the form
 * lists a change made in the form, field by field under its label; an earlier version is restored
 * after a confirmation and the form shows it; a restore that would break a rule (its CPF taken by
 * someone else since) is refused with the reason and changes nothing. At 1366 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminApi } from '../e2e/support/admin-api';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { seriousViolations } from '../web/support/axe';

const SHOTS = join(tmpdir(), 'record-history-shots');

describe("a record's history in the browser", () => {
  const session = browserSession();
  const page = () => session.page;
  const { api, optionId } = adminApi(() => session.product);
  const history = () => page().getByRole('region', { name: 'Histórico de alterações' });
  const rows = () => history().getByRole('listitem');
  const nameInput = () => page().getByRole('tabpanel').getByLabel(/^Nome( \*)?$/);

  it('lists a change field by field and restores the earlier version after a confirmation', async () => {
    mkdirSync(SHOTS, { recursive: true });
    await page().setViewportSize({ width: 1366, height: 900 });
    const person = (await api('POST', '/api/pessoa_fisica', {
      name: 'Helena Duarte', short_name: 'Helena', party_type_id: await optionId('tipos_parte', 'Pessoa Física'), date_birth: '1979-08-21',
      genre_id: await optionId('generos', 'Feminino'), civil_status_id: await optionId('estados_civis', 'Solteiro(a)'), naturalness_id: await optionId('municipios', 'Brasília'),
      nationality_id: await optionId('nacionalidades', 'Brasileira'), individual_registration: '529.982.247-25',
    })).data;

    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    await page().goto(`${session.product.url}/pessoa_fisica/${person.id}`);
    await page().getByRole('button', { name: 'Editar' }).click();
    await nameInput().fill('Helena Duarte Campos');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await page().getByText('Registro salvo com sucesso').waitFor();

    await history().getByText('Histórico de alterações').click();
    await expect.poll(() => rows().count()).toBe(2);
    const latest = rows().first();
    expect(await latest.locator('strong').textContent()).toBe('Alteração');
    expect(await latest.getByRole('row', { name: /^Nome / }).textContent()).toBe('NomeHelena DuarteHelena Duarte Campos');
    expect(await latest.getByRole('button', { name: /^Restaurar/ }).count()).toBe(0);
    const created = rows().nth(1);
    expect(await created.locator('strong').textContent()).toBe('Inclusão');
    expect(await created.getByRole('row', { name: /^CPF / }).textContent()).toBe('CPF529.982.247-25');
    expect(await seriousViolations(page()), 'record with its history open').toEqual([]);
    await page().screenshot({ path: join(SHOTS, 'historico-1366.png'), fullPage: true });

    await created.getByRole('button', { name: /^Restaurar esta versão, de / }).click();
    const dialog = page().getByRole('dialog', { name: 'Restaurar versão' });
    await dialog.getByText(/^Deseja realmente restaurar o registro como estava em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}\?/).waitFor();
    await dialog.getByRole('button', { name: 'Sim' }).click();
    await page().getByText('Versão restaurada com sucesso.').waitFor();
    // The form, open read-only again, shows the restored name.
    const view = page().getByRole('tabpanel');
    await expect.poll(() => view.getByText('Helena Duarte Campos').count()).toBe(0);
    expect(await view.getByText('Helena Duarte', { exact: true }).count()).toBe(1);
    await expect.poll(() => rows().count()).toBe(3);
    expect(await rows().first().locator('strong').textContent()).toBe('Restauração de versão');
    expect(await rows().first().getByRole('row', { name: /^Nome / }).textContent()).toBe('NomeHelena Duarte CamposHelena Duarte');
    expect((await api('GET', `/api/pessoa_fisica/${person.id}`)).data.name).toBe('Helena Duarte');
  });

  it('refuses a restore that would break a rule, saying why, and keeps the record as it is', async () => {
    const person = (await api('GET', '/api/pessoa_fisica?q=Helena')).data[0];
    await api('PUT', `/api/pessoa_fisica/${person.id}`, { ...(await api('GET', `/api/pessoa_fisica/${person.id}`)).data, individual_registration: '111.444.777-35' });
    // Someone else registers the CPF the first version had.
    await api('POST', '/api/pessoa_fisica', {
      name: 'Heitor Duarte', short_name: 'Heitor', party_type_id: await optionId('tipos_parte', 'Pessoa Física'), date_birth: '1981-01-02',
      genre_id: await optionId('generos', 'Masculino'), civil_status_id: await optionId('estados_civis', 'Solteiro(a)'), naturalness_id: await optionId('municipios', 'Brasília'),
      nationality_id: await optionId('nacionalidades', 'Brasileira'), individual_registration: '529.982.247-25',
    });
    await page().reload();
    await history().getByText('Histórico de alterações').click();
    await expect.poll(() => rows().count()).toBe(4);
    await rows().last().getByRole('button', { name: /^Restaurar esta versão, de / }).click();
    await page().getByRole('dialog', { name: 'Restaurar versão' }).getByRole('button', { name: 'Sim' }).click();
    await page().getByText('Esta versão não pode ser restaurada. CPF: Já existe um registro com este valor.').waitFor();
    expect((await api('GET', `/api/pessoa_fisica/${person.id}`)).data.individual_registration).toBe('111.444.777-35');
    expect(await rows().count()).toBe(4);

    await page().setViewportSize({ width: 390, height: 844 });
    await page().reload();
    const summary = history().getByText('Histórico de alterações');
    await summary.click();
    await expect.poll(() => rows().count()).toBe(4);
    await history().scrollIntoViewIfNeeded();
    const width = await page().evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'no sideways scrolling at 390 px').toBeLessThanOrEqual(390);
    await page().screenshot({ path: join(SHOTS, 'historico-390.png') });
  });
});
