/**
 * 'Meus prazos' in Chromium on the real server, its reminders' loop running every 200 ms with no SMTP
 * server configured (the messages kept in the outbox folder): a deadline reminded of 2 business days
 * before its end, one expired and announced, one far off; the list opened from the menu shows them
 * nearest end first with the time left, DD/MM/YYYY dates and the reminders sent, at 1366 and 390 px.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { councilMoment } from '../../src/server/features/deadlines/reminders/dates.js';
import { addMinutes } from '../../src/server/features/deadlines/moment.js';
import { adminApi } from '../e2e/support/admin-api';
import { root } from '../e2e/support/build-client';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { animationsFinished, settled } from '../e2e/support/settle';
import { seriousViolations } from '../web/support/axe';
import { readable } from './support/mail';

const SHOTS = join(root, 'test-results');
const shown = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

describe("'Meus prazos' in the browser", () => {
  const session = browserSession({ DEADLINE_REMINDER_INTERVAL_MS: '200' });
  const page = () => session.page;
  const { api } = adminApi(() => session.product);
  const menu = () => page().getByRole('navigation', { name: 'Menu principal' });
  const outbox = () => {
    const folder = join(session.product.dataDir, 'outbox');
    try {
      return readdirSync(folder).filter((file) => file.endsWith('.eml')).map((file) => readable(readFileSync(join(folder, file), 'utf8')));
    } catch {
      return [];
    }
  };

  it("lists the caller's open deadlines with the time left and the reminders sent", async () => {
    const now = councilMoment(new Date());
    const type = async (body: Record<string, unknown>) => (await api('POST', '/api/tipos_prazo', { alterability: 1, ...body })).data.id as number;
    const soon = await type({ denomination: 'Defesa prévia', time_unit: 3, counting_way: 1, reminder_business_days: 2, remind_on_expiry: true });
    const urgent = await type({ denomination: 'Resposta urgente', time_unit: 2, remind_on_expiry: true });
    const deadline = async (body: Record<string, unknown>) => (await api('POST', '/api/deadlines/', body)).data as { id: number; deadline_moment: string };
    const defence = await deadline({ deadline_type_id: soon, amount: 2, base_moment: now });
    const expired = await deadline({ deadline_type_id: urgent, amount: 1, base_moment: addMinutes(now, -180) });
    const far = await deadline({ deadline_type_id: soon, amount: 30, base_moment: now });
    const done = await deadline({ deadline_type_id: soon, amount: 2, base_moment: now });
    await api('POST', '/api/deadlines/completion', { deadline_id: done.id, base_moment: now });

    // No SMTP_URL: the loop keeps each message in the outbox folder, one per reminder due. (The
    // completed one was open, and due, between its two calls: a turn of the loop may fall between
    // them; that a completed deadline is never reminded is tests/deadlines/reminders.test.ts's, on a
    // clock the test moves.)
    const subjects = () => outbox().map((text) => /^Subject: (.*)$/m.exec(text)?.[1] ?? '');
    const reminded = (id: number) => subjects().filter((subject) => subject.endsWith(`: Prazo nº ${id}`));
    await expect.poll(() => reminded(defence.id).length + reminded(expired.id).length, { timeout: 30_000 }).toBe(2);
    expect(reminded(defence.id)).toEqual([`Prazo "Defesa prévia" vence em ${shown(defence.deadline_moment)}: Prazo nº ${defence.id}`]);
    expect(reminded(expired.id)).toEqual([`Prazo vencido: "Resposta urgente" venceu em ${shown(expired.deadline_moment)}: Prazo nº ${expired.id}`]);
    expect(reminded(far.id)).toEqual([]);

    mkdirSync(SHOTS, { recursive: true });
    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    await menu().getByRole('link', { name: 'Meus prazos' }).click();
    await page().getByRole('heading', { name: 'Meus prazos' }).waitFor();
    const items = page().locator('.my-deadlines-list > li');
    await expect.poll(() => items.count()).toBe(3);
    const texts = await items.allInnerTexts();
    expect(texts[0]).toContain('Resposta urgente');
    expect(texts[0]).toMatch(/Vencido (hoje|há 1 dia)/);
    expect(texts[0]).toContain(`Venceu em ${shown(expired.deadline_moment)} às ${expired.deadline_moment.slice(11, 16)}`);
    expect(texts[0]).toMatch(/Aviso de prazo vencido: enviado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(texts[1]).toContain('Defesa prévia');
    expect(texts[1]).toContain(`Prazo nº ${defence.id}`);
    expect(texts[1]).toContain('Faltam 2 dias úteis');
    expect(texts[1]).toContain(`Vence em ${shown(defence.deadline_moment)} às 23:59`);
    expect(texts[1]).toMatch(/Lembrete antes do vencimento: enviado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(texts[2]).toContain(`Prazo nº ${far.id}`);
    expect(texts[2]).toContain('Faltam 30 dias úteis');
    expect(texts[2]).not.toContain('enviado');
    expect(texts.join('\n')).not.toContain(`Prazo nº ${done.id}`);
    expect(await seriousViolations(page()), 'my deadlines').toEqual([]);
    await page().screenshot({ path: join(SHOTS, 'meus-prazos-1366.png') });

    await page().setViewportSize({ width: 390, height: 844 });
    await page().reload();
    await expect.poll(() => items.count()).toBe(3);
    await settled(page());
    const close = page().getByRole('button', { name: 'Fechar menu' });
    if (await close.isVisible()) await close.click();
    await animationsFinished(page());
    expect(await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page().screenshot({ path: join(SHOTS, 'meus-prazos-390.png'), fullPage: true });
  });
});
