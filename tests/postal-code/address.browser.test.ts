import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../e2e/support/build-client';
import { fixtureProject } from '../e2e/support/fixture-project';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { settled } from '../e2e/support/settle';
import { BRASILAPI_UNKNOWN, standIn, VIACEP_SE, VIACEP_UNKNOWN, type Reply, type StandIn } from './support/providers';

/** ViaCEP's answers by code: the Sé in São Paulo, Rio Branco avenue in Rio, an unknown code, one it never answers. */
const VIACEP: Record<string, Reply> = {
  '01001000': { status: 200, body: VIACEP_SE },
  '20040020': {
    status: 200,
    body: { cep: '20040-020', logradouro: 'Avenida Rio Branco', complemento: 'de 1 a 59 - lado ímpar', bairro: 'Centro', localidade: 'Rio de Janeiro', uf: 'RJ', ibge: '3304557' },
  },
  '99999999': VIACEP_UNKNOWN,
  '30130000': 'hang',
};

/**
 * A generated form whose postal codes fill their address (`x-postal-code`), in Chromium on a copy
 * of the product with the fixture `sedes`, its providers played by small servers on loopback: the
 * record's own address and a sub-list row's, on a desktop and on a phone; an unknown code and a
 * provider that does not answer clear the address and say so, leaving it typeable.
 */
describe('a postal code that fills its address', () => {
  let viaCep: StandIn | undefined;
  let brasilApi: StandIn | undefined;
  const env: Record<string, string> = { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', POSTAL_CODE_TIMEOUT_MS: '1000' };
  beforeAll(async () => {
    viaCep = await standIn('viacep');
    viaCep.reply = (digits) => VIACEP[digits] ?? VIACEP_UNKNOWN;
    brasilApi = await standIn('brasilapi');
    brasilApi.reply = (digits) => (digits === '30130000' ? { status: 500 } : BRASILAPI_UNKNOWN);
    env.POSTAL_CODE_VIACEP_URL = viaCep.url;
    env.POSTAL_CODE_BRASILAPI_URL = brasilApi.url;
  });
  afterAll(async () => {
    await viaCep?.close();
    await brasilApi?.close();
  });
  const session = browserSession(env, fixtureProject);
  const page = () => session.page;
  let token = '';
  const api = async (path: string) => {
    const response = await fetch(`${session.product.url}${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    return (await response.json()).data;
  };
  /** An input by the start of its label (optional ones end in ' - Opcional'). */
  const input = (within: Locator, label: string) => within.getByLabel(new RegExp(`^${label}( - Opcional)?$`));
  const row = (n: number) => page().locator('.RaSimpleFormIterator-line').nth(n);
  const leave = async (field: Locator, code: string) => {
    await field.fill(code);
    await field.blur();
  };
  const form = () => page().locator('form');

  it('logs in', async () => {
    const auth = await fetch(`${session.product.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: session.product.adminEmail, password: session.product.adminPassword }),
    });
    token = (await auth.json()).data.token;
    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
  });

  it('fills the record\'s address and a row\'s from their codes on a desktop, and saves them', async () => {
    await page().goto(`${session.product.url}/sedes/inserir`);
    await input(form(), 'Nome').fill('Sede central');
    await leave(input(form(), 'CEP da sede'), '01001000');
    await expect.poll(() => input(form(), 'Logradouro da sede').inputValue()).toBe('Praça da Sé');
    expect(await input(form(), 'CEP da sede').inputValue()).toBe('01001-000');
    expect(await input(form(), 'Bairro da sede').inputValue()).toBe('Sé');
    await expect.poll(() => input(form(), 'UF da sede').inputValue()).toBe('SP - São Paulo');
    await expect.poll(() => input(form(), 'Município da sede').inputValue()).toBe('São Paulo');

    await form().getByRole('button', { name: /adicionar/i }).click();
    await leave(input(row(0), 'CEP'), '20040-020');
    await expect.poll(() => input(row(0), 'Logradouro').inputValue()).toBe('Avenida Rio Branco');
    expect(await input(row(0), 'Bairro').inputValue()).toBe('Centro');
    expect(await input(row(0), 'Complemento').inputValue()).toBe('de 1 a 59 - lado ímpar');
    await expect.poll(() => input(row(0), 'UF').inputValue()).toBe('RJ - Rio de Janeiro');
    await expect.poll(() => input(row(0), 'Município').inputValue()).toBe('Rio de Janeiro');
    // The record's own address is not the row's.
    expect(await input(form(), 'Logradouro da sede').inputValue()).toBe('Praça da Sé');
    await input(row(0), 'Número').fill('1');
    // A row's counter counts the row's own text, not the record's field of the same name.
    await row(0).getByText('18/255', { exact: true }).waitFor();
    await page().screenshot({ path: join(root, 'test-results', 'postal-code-form-1366.png'), fullPage: true });

    await page().getByRole('button', { name: 'Salvar' }).click();
    await page().getByRole('button', { name: 'Editar' }).waitFor();
    const saved = await api(`/api/sedes/${new URL(page().url()).pathname.split('/').pop()}`);
    expect(saved).toMatchObject({ postal_code: '01001-000', neighborhood: 'Sé', street_address: 'Praça da Sé' });
    expect(await api(`/api/municipios/${saved.city_id}`)).toMatchObject({ name: 'São Paulo', ibge_code: 3550308 });
    expect(saved.addresses).toEqual([expect.objectContaining({ postal_code: '20040-020', street_address: 'Avenida Rio Branco', number: '1', address_complement: 'de 1 a 59 - lado ímpar' })]);
    expect(await api(`/api/municipios/${saved.addresses[0].city_id}`)).toMatchObject({ name: 'Rio de Janeiro', ibge_code: 3304557 });
    expect(await api(`/api/uf/${saved.addresses[0].uf_id}`)).toMatchObject({ initials: 'RJ' });
  });

  it('does not look the code up again when the person only passes through it on edit', async () => {
    const asked = viaCep!.asked.length;
    await settled(page());
    await page().getByRole('button', { name: 'Editar' }).click();
    await input(form(), 'Logradouro da sede').fill('Praça da Sé, 1');
    await input(form(), 'CEP da sede').focus();
    await input(form(), 'CEP da sede').blur();
    await settled(page());
    expect(await input(form(), 'Logradouro da sede').inputValue()).toBe('Praça da Sé, 1');
    expect(viaCep!.asked.length).toBe(asked);
  });

  it('on a phone, clears a row\'s address for an unknown code and says so, leaves it typeable, then fills it from a known one', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await page().goto(`${session.product.url}/sedes/inserir`);
    await input(form(), 'Nome').fill('Sede do interior');
    await form().getByRole('button', { name: /adicionar/i }).click();
    await input(row(0), 'Logradouro').fill('Rua Antiga');
    await leave(input(row(0), 'CEP'), '99999-999');
    const note = row(0).getByRole('status');
    await expect.poll(() => note.textContent()).toBe('CEP não encontrado. Preencha o endereço.');
    expect(await input(row(0), 'Logradouro').inputValue()).toBe('');
    await input(row(0), 'Logradouro').fill('Rua Nova');
    expect(await input(row(0), 'Logradouro').inputValue()).toBe('Rua Nova');
    await input(row(0), 'CEP').scrollIntoViewIfNeeded();
    await page().screenshot({ path: join(root, 'test-results', 'postal-code-unknown-390.png'), fullPage: true });

    await leave(input(row(0), 'CEP'), '01001-000');
    await expect.poll(() => input(row(0), 'Logradouro').inputValue()).toBe('Praça da Sé');
    await expect.poll(() => input(row(0), 'Município').inputValue()).toBe('São Paulo');
    expect(await row(0).getByRole('status').count()).toBe(0);
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page().screenshot({ path: join(root, 'test-results', 'postal-code-form-390.png'), fullPage: true });
    // A UF chosen by hand still clears the municipality that depends on it.
    await input(row(0), 'UF').click();
    await input(row(0), 'UF').fill('RJ');
    await page().getByRole('option', { name: 'RJ - Rio de Janeiro' }).click();
    await expect.poll(() => input(row(0), 'Município').inputValue()).toBe('');
  });

  it('clears the record\'s address and says so when no provider answers', async () => {
    await input(form(), 'Bairro da sede').fill('Funcionários');
    await leave(input(form(), 'CEP da sede'), '30130-000');
    await expect.poll(() => form().getByRole('status').first().textContent()).toBe('Consultando o CEP…');
    await expect.poll(() => form().getByText('Não foi possível consultar o CEP. Preencha o endereço.').count()).toBe(1);
    expect(await input(form(), 'Bairro da sede').inputValue()).toBe('');
    await input(form(), 'Bairro da sede').fill('Funcionários');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await page().getByRole('button', { name: 'Editar' }).waitFor();
    expect(await api(`/api/sedes/${new URL(page().url()).pathname.split('/').pop()}`)).toMatchObject({ postal_code: '30130-000', neighborhood: 'Funcionários', uf_id: null, city_id: null });
  });
});
