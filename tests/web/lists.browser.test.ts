import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadModel } from '../../language/index.js';
import { creator } from '../api/support/bodies';
import { ROOT } from '../api/support/server';
import { employeeParty } from '../inspections/support/bodies';
import { launchBrowser, logIn, screenshotOnFailure, startProduct, type RunningProduct } from '../e2e/support/product';
import { gate, settled } from '../e2e/support/settle';

const LONG = `Denominação muito longa ${'de teste '.repeat(25)}fim`.slice(0, 255);

/**
 * Lists, forms and views as a demanding person meets them, on the real server and Chromium, at a
 * desktop (1366×768) and a phone (390×844) width.
 */
describe('lists, forms and views in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  let token: string;
  let inactiveId: number;

  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${product.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const path = () => new URL(page.url()).pathname;
  const model = loadModel(ROOT);
  /** Every record form in tabs (`x-sections`) the product opens at `/{module}/{id}`, one record of each, made once. */
  let tabbed: Promise<[string, number][]> | undefined;
  const tabbedRecords = () => {
    const create = creator(model, (url, body) => api('POST', url, body), undefined, (url) => api('GET', url), true);
    const modules = model.entities.filter((e) => e.sections.length > 0 && e.operations.update && e.database !== 'platform').map((e) => e.module);
    tabbed ??= modules.reduce<Promise<[string, number][]>>(async (made, module) => [...(await made), [module, await create(module)]], Promise.resolve([]));
    return tabbed;
  };
  /**
   * Opens each tab of each record view, at 1366 and at 390 px, and answers the pairs of fields whose
   * boxes touch or overlap ('pessoa_fisica, 1366 px, Dados pessoais: Nome abreviado | Nome social').
   */
  const fieldsRunTogether = async (): Promise<string[]> => {
    const found: string[] = [];
    const records = await tabbedRecords();
    for (const width of [1366, 390]) {
      // Each width from a page opened at it, as a phone opens it (the menu closed); then one record
      // after another in that page, as a person goes from one to the next (no reload each time).
      await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
      await page.goto(`${product.url}/`);
      for (const [module, id] of records) {
        const previous = await page.getByRole('tablist', { name: 'Abas do formulário' }).elementHandle({ timeout: 1 }).catch(() => null);
        await page.evaluate((to) => {
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, `/${module}/${id}`);
        // The last record's view gone before this one's is read.
        if (previous) await expect.poll(() => previous.evaluate((element) => element.isConnected)).toBe(false);
        await page.getByRole('button', { name: 'Editar' }).waitFor();
        // Every tab's fields are mounted from the start (a closed tab is only hidden): their values are read once.
        await settled(page);
        // Each tab chosen in turn inside the page (one round trip per record, not ten per tab): brought
        // into view as a finger would swipe to it at 390 px, chosen, drawn, then its fields measured.
        const touching = await page.getByRole('tablist', { name: 'Abas do formulário' }).evaluate(async (tablist) => {
          const drawn = () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
          const pairs: string[] = [];
          for (const tab of [...tablist.querySelectorAll<HTMLElement>('[role=tab]')]) {
            tab.scrollIntoView({ block: 'nearest', inline: 'nearest' });
            tab.click();
            await drawn();
            const label = tab.textContent?.trim();
            if (tab.getAttribute('aria-selected') !== 'true') {
              pairs.push(`${label}: not chosen by a click`);
              continue;
            }
            const panel = document.querySelector<HTMLElement>('[role=tabpanel]:not([hidden])')!;
            // A field as the view shows it (its label and value under one box), and an input (a sub-list among them).
            const viewed = [...panel.querySelectorAll<HTMLElement>('.RaLabeled-label')].map((element) => element.parentElement!);
            const fields = [...viewed, ...panel.querySelectorAll<HTMLElement>('.ra-input')].filter((f) => f.getClientRects().length > 0);
            const name = (f: HTMLElement) => (f.querySelector('.RaLabeled-label, label, legend')?.textContent ?? f.textContent ?? '').trim().slice(0, 40);
            fields.forEach((a, i) => fields.slice(i + 1).forEach((b) => {
              if (a.contains(b) || b.contains(a)) return;
              const p = a.getBoundingClientRect();
              const q = b.getBoundingClientRect();
              const apart = p.right < q.left || q.right < p.left || p.bottom < q.top || q.bottom < p.top;
              if (!apart) pairs.push(`${label}: ${name(a)} | ${name(b)}`);
            }));
          }
          return pairs;
        });
        found.push(...touching.map((pair) => `${module}, ${width} px, ${pair}`));
      }
    }
    await page.setViewportSize({ width: 1366, height: 768 });
    return found;
  };
  const pageScrollsSideways = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

  beforeAll(async () => {
    product = await startProduct({}, undefined, undefined, { own: true });
    const login = await fetch(`${product.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: product.adminEmail, password: product.adminPassword }),
    });
    token = (await login.json()).data.token;
    expect((await api('POST', '/api/estados_civis', { denomination: LONG })).status).toBe(201);
    const inactive = await api('POST', '/api/estados_civis', { denomination: 'Estado inativo de teste', inactivated: true });
    inactiveId = inactive.body.data.id;
    browser = await launchBrowser();
    page = await browser.newPage({ locale: 'pt-BR', viewport: { width: 1366, height: 768 } });
    await logIn(page, product);
    await page.waitForURL(`${product.url}/`);
  });

  beforeEach((context) => screenshotOnFailure(() => page, context));

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  describe('at 1366 px', () => {
    it('filters an inactivatable list by Situação: Inativo shows only the inactive record', async () => {
      await page.goto(`${product.url}/estados_civis`);
      await page.getByRole('cell', { name: 'Casado(a)' }).waitFor();
      await page.getByLabel('Situação').selectOption({ label: 'Inativo' });
      await page.getByRole('cell', { name: 'Estado inativo de teste' }).waitFor();
      await expect.poll(() => page.getByRole('row').count()).toBe(2);
      await page.getByLabel('Situação').selectOption({ label: 'Ativo' });
      await page.getByRole('cell', { name: 'Casado(a)' }).waitFor();
      await expect.poll(() => page.getByRole('cell', { name: 'Estado inativo de teste' }).count()).toBe(0);
    });

    it('says when nothing matches and clears the search and filters on request', async () => {
      await page.goto(`${product.url}/estados_civis`);
      await page.getByRole('textbox', { name: 'Pesquisar' }).fill('zzzz nada assim');
      await page.getByText('Nenhum registro encontrado').waitFor();
      await page.getByRole('button', { name: 'Limpar filtros' }).click();
      await page.getByRole('cell', { name: 'Casado(a)' }).waitFor();
      await expect.poll(() => page.getByRole('textbox', { name: 'Pesquisar' }).inputValue()).toBe('');
    });

    it('shows Carregando… while the page of rows is on its way', async () => {
      // The answer is held until the test has seen the list wait for it.
      const held = gate();
      await page.route('**/api/generos?**', async (route) => {
        await held.passed;
        // The page may have moved on (and the route been removed) while this one waited.
        await route.continue().catch(() => undefined);
      });
      await page.goto(`${product.url}/generos`);
      await page.getByRole('status').filter({ hasText: 'Carregando…' }).waitFor();
      held.open();
      await page.unroute('**/api/generos?**');
    });

    it('hides a column from the column chooser and keeps the choice after a reload', async () => {
      await page.goto(`${product.url}/estados_civis`);
      await page.getByRole('columnheader', { name: 'ID' }).waitFor();
      await page.getByRole('button', { name: 'Colunas' }).click();
      await page.getByRole('checkbox', { name: 'ID' }).uncheck();
      await expect.poll(() => page.getByRole('columnheader', { name: 'ID' }).count()).toBe(0);
      await page.reload();
      await page.getByRole('columnheader', { name: 'Denominação' }).waitFor();
      expect(await page.getByRole('columnheader', { name: 'ID' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Colunas' }).click();
      await page.getByRole('checkbox', { name: 'ID' }).check();
      await page.getByRole('columnheader', { name: 'ID' }).waitFor();
    });

    it('cuts a long cell with an ellipsis and gives the whole value on hover', async () => {
      await page.goto(`${product.url}/estados_civis?perPage=100`);
      const cell = page.getByRole('cell', { name: LONG });
      await cell.waitFor();
      expect(await cell.getAttribute('title')).toBe(LONG);
      const cut = await cell.locator('.cell').evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis');
      expect(cut).toBe(true);
    });

    it('names every menu link on hover, long ones included', async () => {
      const link = page.getByRole('link', { name: 'Tipos de vínculos empregatícios' });
      expect(await link.getAttribute('title')).toBe('Tipos de vínculos empregatícios');
    });

    it('lists municípios read-only from the menu: no Inserir, no selection, no record to open', async () => {
      await page.getByRole('link', { name: 'Municípios' }).click();
      await expect.poll(path).toBe('/municipios');
      await page.getByRole('cell', { name: 'Abadia de Goiás' }).waitFor();
      expect(await page.getByRole('link', { name: /inserir/i }).count()).toBe(0);
      expect(await page.getByRole('checkbox').count()).toBe(0);
      await page.getByRole('cell', { name: 'Abadia de Goiás' }).click();
      expect(path()).toBe('/municipios');
      await page.getByLabel('UF').selectOption({ label: 'AC - Acre' });
      await page.getByRole('cell', { name: 'Rio Branco' }).waitFor();
      await expect.poll(() => page.getByRole('cell', { name: 'Abadia de Goiás' }).count()).toBe(0);
    });

    it('checks an insert form with its own pt-BR messages only, counts the text and cancels back to the list', async () => {
      await page.goto(`${product.url}/estados_civis/inserir`);
      expect(await page.locator('form').first().getAttribute('novalidate')).not.toBeNull();
      await page.getByText('0/255').waitFor();
      await page.getByLabel('Denominação').fill('Teste');
      await page.getByText('5/255').waitFor();
      await page.getByLabel('Denominação').fill('');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.getByText('O campo Denominação é obrigatório.').waitFor();
      expect(await page.getByLabel('Denominação').evaluate((el: HTMLInputElement) => el.validationMessage)).toBe('');
      await page.getByRole('button', { name: 'Cancelar' }).click();
      // Something was typed: the navigation guard asks before leaving.
      await page.getByRole('dialog').getByRole('button', { name: 'Sim' }).click();
      await expect.poll(path).toBe('/estados_civis');
    });

    it('opens a record as a view (values, not inputs) under a link back to the list', async () => {
      await page.goto(`${product.url}/estados_civis/${inactiveId}`);
      await page.locator('main').getByText('Estado inativo de teste').waitFor();
      expect(await page.getByRole('textbox').count()).toBe(0);
      await page.getByRole('button', { name: 'Editar' }).click();
      await expect.poll(() => page.getByLabel('Denominação').inputValue()).toBe('Estado inativo de teste');
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await page.getByRole('navigation', { name: 'Trilha de navegação' }).getByRole('link', { name: 'Estados civis' }).click();
      await expect.poll(path).toBe('/estados_civis');
    });

    it("shows one's own account without a password field, with permissions as text and no Excluir", async () => {
      const me = await api('GET', '/api/auth/me');
      await page.goto(`${product.url}/usuarios/${me.body.data.id}`);
      await page.getByText('Administrador (acesso total)').waitFor();
      expect(await page.getByLabel(/senha/i).count()).toBe(0);
      expect(await page.getByRole('combobox').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Excluir' }).count()).toBe(0);
    });

    it('deletes a record and a selection through the same Sim/Não dialog and the same toast', async () => {
      const one = await api('POST', '/api/estados_civis', { denomination: 'Excluir pela ficha' });
      await page.goto(`${product.url}/estados_civis/${one.body.data.id}`);
      await page.getByRole('button', { name: 'Excluir' }).click();
      const dialog = page.getByRole('dialog', { name: 'Excluir registro' });
      await dialog.getByRole('button', { name: 'Sim' }).click();
      await page.getByRole('status').filter({ hasText: 'Registro excluído com sucesso' }).waitFor();
      await expect.poll(path).toBe('/estados_civis');

      await api('POST', '/api/estados_civis', { denomination: 'Excluir pela lista' });
      await page.goto(`${product.url}/estados_civis`);
      await page.getByRole('textbox', { name: 'Pesquisar' }).fill('Excluir pela lista');
      await expect.poll(() => page.getByRole('row').count()).toBe(2);
      await page.getByRole('row').nth(1).getByRole('checkbox').check();
      await page.getByRole('toolbar', { name: 'Ações em lote' }).getByRole('button', { name: 'Excluir' }).click();
      const bulk = page.getByRole('dialog', { name: 'Excluir registro' });
      expect(await bulk.getByRole('button').allTextContents()).toEqual(['Não', 'Sim']);
      await bulk.getByRole('button', { name: 'Sim' }).click();
      await page.getByRole('status').filter({ hasText: 'Registro excluído com sucesso' }).waitFor();
    });

    it('says under the search box when a search is read by a start, and finds as it says', async () => {
      const search = page.getByRole('textbox', { name: 'Pesquisar' });
      const hint = async () => (await page.locator(`#${await search.getAttribute('aria-describedby')}`).textContent()) ?? '';
      // The list as it opens with nothing chosen (an earlier test left its search kept).
      await page.goto(`${product.url}/estados_civis?filter=%7B%7D`);
      await page.getByRole('cell', { name: 'Casado(a)' }).waitFor();
      // 'a' starts a word of 'Casado(a)', none of 'União estável'.
      await search.fill('a');
      await expect.poll(hint).toBe('“a” tem menos de 3 caracteres: é procurado no início das palavras.');
      await page.getByRole('cell', { name: 'Casado(a)' }).waitFor();
      await expect.poll(() => page.getByRole('cell', { name: 'União estável' }).count()).toBe(0);
      // Three characters are found anywhere, and the hint goes.
      await search.fill('asad');
      await expect.poll(hint).toBe('');
      await expect.poll(() => page.getByRole('row').count()).toBe(2);
      await page.getByRole('cell', { name: 'Casado(a)' }).waitFor();

      await page.goto(`${product.url}/pessoa_fisica?filter=%7B%7D`);
      await search.fill('529');
      await expect.poll(hint).toBe('O CPF é procurado pelo início do número.');
      await search.fill('');
      await expect.poll(hint).toBe('');
    });

    it('sorts, pages and selects the monitors like every list', async () => {
      await api('POST', '/api/monitores', { url: 'https://example.org', uptime_check_enabled: false, service_name: 'Portal', system_name: 'Conselho' });
      await page.goto(`${product.url}/monitores`);
      await page.getByRole('cell', { name: 'Portal' }).waitFor();
      await page.getByRole('columnheader', { name: 'Serviço' }).getByRole('button').click();
      await expect.poll(() => page.getByRole('columnheader', { name: 'Serviço' }).getAttribute('aria-sort')).toBe('ascending');
      await page.getByRole('navigation', { name: 'Paginação' }).waitFor();
      await page.getByRole('row').nth(1).getByRole('checkbox').check();
      await page.getByText('1 registro selecionado').waitFor();
    });
  });

  describe('at 390 px', () => {
    beforeAll(async () => {
      await page.setViewportSize({ width: 390, height: 844 });
    });

    it('shows a list as cards: the record label first, then the next columns', async () => {
      await page.goto(`${product.url}/estados_civis?filter=%7B%7D`);
      const cards = page.getByRole('list', { name: 'Registros' });
      await cards.getByText('Casado(a)').waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      const first = cards.getByRole('listitem').first();
      expect(await first.locator('.primary').textContent()).toBe('Casado(a)');
      expect(await first.locator('.secondary').textContent()).toBe('Inativo: Não');
      expect(await pageScrollsSideways()).toBe(false);
      await first.getByRole('button').click();
      await expect.poll(path).toMatch(/^\/estados_civis\/\d+$/);
    });

    for (const screen of ['/estados_civis', '/estados_civis/inserir', '/usuarios', '/usuarios/inserir', '/monitores', '/municipios', '/perfil']) {
      it(`fits ${screen} in the width of the phone`, async () => {
        await page.goto(`${product.url}${screen}`);
        await page.locator('main').getByText(/\S/).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await pageScrollsSideways()).toBe(false);
      });
    }

    it('fits a record view in the width of the phone, its long title wrapped', async () => {
      const long = await api('GET', `/api/estados_civis?filter=${encodeURIComponent(JSON.stringify({ q: 'muito longa' }))}`);
      await page.goto(`${product.url}/estados_civis/${long.body.data[0].id}`);
      await page.getByRole('button', { name: 'Editar' }).waitFor();
      expect(await pageScrollsSideways()).toBe(false);
      const lines = await page.locator('#react-admin-title').evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
      expect(lines).toBeGreaterThan(1);
    });
  });

  // Last: the records made here (persons, and the civil statuses their references need) would come
  // before 'Casado(a)' in the lists the tests above read.
  describe('records made here: one of every module in tabs, two lists of the persons', () => {
    beforeAll(async () => {
      await page.setViewportSize({ width: 1366, height: 768 });
    });

    it("lays a record view's fields one under another in every tab, none touching the next, at 1366 and 390 px", async () => {
      expect(await fieldsRunTogether()).toEqual([]);
    });

    it('keeps a search to its own list: Pessoas físicas and Funcionários, two lists of the persons, each its own', async () => {
      const create = creator(model, (url, body) => api('POST', url, body), undefined, (url) => api('GET', url), true);
      await create('pessoa_fisica', { name: 'Mariana Pessoa Física' });
      await employeeParty(create, { name: 'Joana Funcionária Lima' });
      const search = () => page.getByRole('textbox', { name: 'Pesquisar' });
      const menu = (name: string) => page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name, exact: true });

      await page.goto(`${product.url}/pessoa_fisica`);
      await search().fill('mariana');
      await page.getByRole('cell', { name: 'Mariana Pessoa Física' }).waitFor();
      await expect.poll(() => page.getByRole('row').count()).toBe(2);

      await menu('Funcionários').click();
      await expect.poll(path).toBe('/funcionarios');
      await page.getByRole('cell', { name: 'Joana Funcionária Lima' }).waitFor();
      expect(await search().inputValue()).toBe('');
      expect(await page.getByText('Nenhum registro encontrado').count()).toBe(0);
      await search().fill('joana');
      await expect.poll(() => new URL(page.url()).searchParams.get('filter')).toContain('joana');

      await menu('Pessoas físicas').click();
      await expect.poll(path).toBe('/pessoa_fisica');
      await page.getByRole('cell', { name: 'Mariana Pessoa Física' }).waitFor();
      expect(await search().inputValue()).toBe('mariana');
      expect(await page.getByRole('cell', { name: 'Joana Funcionária Lima' }).count()).toBe(0);

      await menu('Funcionários').click();
      await expect.poll(path).toBe('/funcionarios');
      await page.getByRole('cell', { name: 'Joana Funcionária Lima' }).waitFor();
      expect(await search().inputValue()).toBe('joana');
    });
  });
});
