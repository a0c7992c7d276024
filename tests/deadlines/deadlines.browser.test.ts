/**
 * The walk in Chromium on the real server: a deadline simulated in Campinas, a municipal
 * holiday of Campinas added on its form, the same simulation again ending a day later, and the
 * simulation in another city of the same UF not moved. Dates shown DD/MM/YYYY; 'Simular' stores
 * nothing and says so (no save icon, no 'incluída com sucesso'). At 1366 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays, weekday } from '../../src/server/services/holidays/calendar.js';
import { holidayYears } from '../../src/server/core/seed/holidays.js';
import { adminApi } from '../e2e/support/admin-api';
import { iconDrawing } from '../e2e/support/icons';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { animationsFinished } from '../e2e/support/settle';
import { seriousViolations } from '../web/support/axe';

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = join(tmpdir(), 'deadline-simulation-shots');

const shown = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** The first Wednesday of August of next year: no national holiday near it. */
function firstWednesdayOfAugust(): string {
  let day = `${holidayYears()[1]}-08-01`;
  while (weekday(day) !== 3) day = addDays(day, 1);
  return day;
}

describe('holidays and the deadline simulation in the browser', () => {
  const session = browserSession();
  const page = () => session.page;
  const { api } = adminApi(() => session.product);
  const wednesday = firstWednesdayOfAugust();
  const monday = addDays(wednesday, -2);
  const combobox = (label: string) => page().getByRole('combobox', { name: new RegExp(`^${label}`) });
  const textbox = (label: string) => page().getByLabel(new RegExp(`^${label}( - Opcional)?( \\*)?$`));
  const choose = async (label: string, option: string | RegExp, typed?: string) => {
    if (typed) await combobox(label).fill(typed);
    else await combobox(label).click();
    await page().getByRole('option', { name: option }).first().click();
  };
  const simulate = async (city: string, first = false) => {
    await page().goto(`${session.product.url}/simulacao_prazo`);
    const invalid = page().getByRole('alert').filter({ hasText: 'O formulário não é válido. Verifique os erros.' });
    if (first) {
      // Nothing chosen: refused, the toast says so; it goes once the form is filled.
      await page().getByRole('button', { name: 'Simular' }).click();
      await invalid.waitFor();
    }
    await choose('Tipo de prazo', 'Defesa prévia');
    await textbox('Quantidade').fill('2');
    await textbox('Data base').fill(shown(monday));
    await textbox('Hora base').fill('10:00');
    await choose('UF', /^SP - São Paulo/, 'SP');
    await choose('Município', new RegExp(`^${city}`), city);
    await expect.poll(() => invalid.count()).toBe(0);
    await page().getByRole('button', { name: 'Simular' }).click();
    // Nothing is stored, and nothing says it was.
    await page().getByRole('status').filter({ hasText: /^Prazo simulado: vence em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}\. Nada foi salvo\.$/ }).first().waitFor();
    expect(await page().getByText(/incluída com sucesso/).count()).toBe(0);
    return (await page().locator('output.deadline-result').textContent())?.trim();
  };

  it('moves a simulated deadline past a municipal holiday added on its form', async () => {
    await api('POST', '/api/tipos_prazo', { denomination: 'Defesa prévia', alterability: 1, time_unit: 3, counting_way: 1 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');

    expect(await simulate('Campinas', true)).toBe(`Vencimento: ${shown(wednesday)} 23:59:59`);
    expect(await seriousViolations(page()), 'simulation page').toEqual([]);
    // 'Simular' calculates: its icon is no diskette.
    const button = page().getByRole('button', { name: 'Simular' });
    const drawn = await button.locator('svg path').first().getAttribute('d');
    expect(drawn).toBe(iconDrawing('Calculate'));
    expect(drawn).not.toBe(iconDrawing('Save'));
    mkdirSync(SHOTS, { recursive: true });
    await page().setViewportSize({ width: 1366, height: 900 });
    await page().screenshot({ path: join(SHOTS, 'simulacao-1366.png') });
    await page().setViewportSize({ width: 390, height: 844 });
    await animationsFinished(page());
    expect(await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page().screenshot({ path: join(SHOTS, 'simulacao-390.png'), fullPage: true });
    await page().setViewportSize({ width: 1366, height: 900 });

    await page().goto(`${session.product.url}/feriados/inserir`);
    await textbox('Nome').fill('Aniversário de Campinas');
    await textbox('Data').fill(shown(wednesday));
    await choose('Tipo', 'Municipal');
    await choose('UF', /^SP - São Paulo/, 'SP');
    await choose('Município', /^Campinas/, 'Campinas');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await page().getByRole('button', { name: 'Editar' }).waitFor();

    expect(await simulate('Campinas')).toBe(`Vencimento: ${shown(addDays(wednesday, 1))} 23:59:59`);
    expect(await simulate('Santos')).toBe(`Vencimento: ${shown(wednesday)} 23:59:59`);
  });
});
