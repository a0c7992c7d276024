import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { animationsFinished, settled } from '../e2e/support/settle';
import { ATTACKER, XSS_VECTORS } from './fixtures/xss-vectors';
import { htmlProblems } from './support/inspect-html';

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = join(tmpdir(), 'custom-pages-shots');

/**
 * Custom pages in Chromium on the real server: an administrator writes a category and a page with
 * the rich-text editor, finds it in the 'Páginas' menu and reads it inside the shell at its address;
 * then every XSS vector, saved through the API as a page of its own, is opened while Chromium
 * listens for dialogs, for requests to the attacker's host and for blocked content (the CSP): 0 of each.
 */
describe('custom pages', () => {
  const session = browserSession();
  const page = () => session.page;
  const menu = () => page().getByRole('navigation', { name: 'Menu principal' });
  /** A screenshot at a phone's width with the menu closed (it covers the page there), then back to a desktop's. */
  async function phoneShot(name: string) {
    await page().setViewportSize({ width: 390, height: 844 });
    // The page takes the phone's width first (the menu becomes the phone's, open or not), then is read.
    await settled(page());
    const close = page().getByRole('button', { name: 'Fechar menu' });
    if (await close.isVisible()) await close.click();
    // The menu slides away (a CSS transition) before the picture is taken.
    await animationsFinished(page());
    await page().screenshot({ path: join(SHOTS, name), fullPage: true });
    expect(await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth), name).toBeLessThanOrEqual(0);
    await page().getByRole('button', { name: 'Abrir menu' }).click();
    await page().setViewportSize({ width: 1366, height: 900 });
  }
  const field = (label: string) => page().getByLabel(new RegExp(`^${label}( - Opcional)?( \\*)?$`));

  it('writes a page with the rich-text editor, lists it under Páginas and opens it at its address', async () => {
    mkdirSync(SHOTS, { recursive: true });
    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');

    await menu().getByRole('link', { name: 'Categorias de páginas' }).click();
    await page().getByRole('link', { name: /inserir/i }).first().click();
    await field('Denominação').fill('Institucional');
    await field('URI').fill('Instituição');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await page().getByText('O campo URI deve ter apenas letras minúsculas, números e hífens (sem barras, espaços ou acentos).').waitFor();
    await field('URI').fill('institucional');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await page().getByRole('button', { name: 'Editar' }).waitFor();

    await menu().getByRole('link', { name: 'Páginas', exact: true }).click();
    await page().getByRole('link', { name: /inserir/i }).first().click();
    await field('Título').fill('Quem somos');
    await page().getByRole('combobox', { name: /^Categoria/ }).click();
    await page().getByRole('option', { name: 'Institucional' }).click();
    await field('Slug').fill('quem-somos');
    const editor = page().getByRole('textbox', { name: 'Conteúdo' });
    await editor.click();
    await page().keyboard.type('O conselho cuida do exercício da profissão. ');
    await page().getByRole('button', { name: 'Negrito' }).click();
    // The button gives the focus back to the editor on the next frame; a keystroke before that is lost.
    await expect.poll(() => editor.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page().keyboard.type('Atendimento de segunda a sexta.');
    await expect.poll(() => editor.locator('strong').textContent()).toBe('Atendimento de segunda a sexta.');
    await page().screenshot({ path: join(SHOTS, 'form-1366.png') });
    await phoneShot('form-390.png');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await page().getByRole('button', { name: 'Editar' }).waitFor();
    await page().locator('.rich-text strong', { hasText: 'Atendimento de segunda a sexta.' }).waitFor();

    await menu().getByRole('link', { name: 'Quem somos' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toBe('/paginas/institucional/quem-somos');
    const article = page().locator('article.custom-page');
    await article.getByRole('heading', { name: 'Quem somos', level: 1 }).waitFor();
    expect(await article.locator('.rich-text').innerHTML()).toBe('<p>O conselho cuida do exercício da profissão. <strong>Atendimento de segunda a sexta.</strong></p>');
    await expect.poll(() => page().title()).toMatch(/ - Quem somos$/);
    await page().screenshot({ path: join(SHOTS, 'view-1366.png') });
    await phoneShot('view-390.png');

    await page().goto(`${session.product.url}/paginas/institucional/nao-existe`);
    await page().getByRole('alert').getByText('Página não encontrada.').waitFor();
  });

  it(`runs none of the ${XSS_VECTORS.length} XSS vectors saved as pages: no dialog, no request to the attacker, nothing blocked`, async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    const api = async (method: string, path: string, body?: unknown, token?: string) => {
      const response = await fetch(`${session.product.url}${path}`, {
        method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    };
    const token = (await api('POST', '/api/auth', { email: session.product.adminEmail, password: session.product.adminPassword })).body.data.token as string;
    const category = await api('POST', '/api/categoria_pagina_dinamica', { denomination: 'Vetores', uri: 'vetores' }, token);
    expect(category.status).toBe(201);
    for (const [index, vector] of XSS_VECTORS.entries()) {
      const created = await api('POST', '/api/pagina_dinamica', { title: `Vetor ${index}`, slug: `vetor-${index}`, content: `<p>Antes do vetor ${index}.</p>${vector}`, custom_page_category_id: category.body.data.id }, token);
      expect(created.status, vector).toBe(201);
    }

    const dialogs: string[] = [];
    const attackerRequests: string[] = [];
    page().on('dialog', (dialog) => {
      // Leaving a form with unsaved changes asks first; that question is the product's, not a vector's.
      if (dialog.type() === 'beforeunload') return void dialog.accept();
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page().on('request', (request) => {
      if (request.url().startsWith(ATTACKER) || request.url().includes('attacker.invalid')) attackerRequests.push(request.url());
    });
    await page().route(/attacker\.invalid/, (route) => route.abort());
    await page().addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { blockedByPolicy: seen });
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    await page().goto(`${session.product.url}/paginas/vetores/vetor-0`);
    await page().locator('article.custom-page').getByRole('heading', { name: 'Vetor 0' }).waitFor();

    const survivors: string[] = [];
    for (const [index, vector] of XSS_VECTORS.entries()) {
      // Moves inside the shell as a menu link would, so the same document meets every vector.
      await page().evaluate((address) => {
        window.history.pushState({}, '', address);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, `/paginas/vetores/vetor-${index}`);
      const article = page().locator('article.custom-page');
      await article.getByRole('heading', { name: `Vetor ${index}`, exact: true }).waitFor();
      // Handlers fire on load, on error and on toggle: after what the content asked for, and a render.
      await settled(page());
      const html = await article.locator('.rich-text').innerHTML();
      expect(html, vector).toContain(`Antes do vetor ${index}.`);
      const problems = htmlProblems(html);
      if (problems.length) survivors.push(`${JSON.stringify(vector)} → ${html}: ${problems.join(', ')}`);
    }
    await settled(page());
    const blocked = await page().evaluate(() => (window as unknown as { blockedByPolicy: string[] }).blockedByPolicy);
    expect({ survivors, dialogs, attackerRequests, blocked }).toEqual({ survivors: [], dialogs: [], attackerRequests: [], blocked: [] });
  }, 300_000);
});
