import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../e2e/support/build-client';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';

/**
 * The file services form (tipo_servico_arquivo) in Chromium: each service type shows its own fields
 * and hides the others', a required one left blank is named on its field in pt-BR, and a service
 * saved in use is the space's one in use, and cannot be inactivated while it is; at a desktop's
 * width and a phone's.
 */
describe('the file services form', () => {
  const session = browserSession();
  const page = () => session.page;
  const field = (text: string) => page().getByLabel(new RegExp(`^${text}( - Opcional)?( \\*)?$`));
  const shot = async (name: string) => {
    // From the top, so the fixed app bar is drawn where it is, not over the middle of a long page.
    await page().evaluate(() => window.scrollTo(0, 0));
    await page().screenshot({ path: join(root, 'test-results', `file-services-${name}.png`), fullPage: true, animations: 'disabled' });
  };
  const FTP = ['Servidor FTP', 'Usuário FTP', 'Senha FTP', 'Porta FTP', 'Tempo limite FTP \\(segundos\\)'];
  const S3 = ['Chave de acesso S3', 'Segredo S3', 'Região S3', 'Bucket S3', 'Endereço S3'];
  const LOCAL = ['Pasta local'];
  const shown = async (labels: string[]) => Promise.all(labels.map((label) => field(label).count()));
  const chooseType = async (name: string) => {
    await field('Tipo de serviço').click();
    await page().getByRole('option', { name, exact: true }).click();
  };
  /** The message the field shows below it (its helper text, which the input names in aria-describedby). */
  const messageOf = async (label: string) => {
    const described = await field(label).getAttribute('aria-describedby');
    return described ? page().locator(`[id="${described}"]`).innerText() : '';
  };
  const save = () => page().getByRole('button', { name: /salvar/i }).click();
  let token = '';
  const api = async (path: string) => {
    const response = await fetch(`${session.product.url}${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    return (await response.json()).data;
  };

  it('shows the fields of the chosen type, names a required one left blank, and saves', async () => {
    const auth = await fetch(`${session.product.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: session.product.adminEmail, password: session.product.adminPassword }),
    });
    token = (await auth.json()).data.token;
    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    await page().goto(`${session.product.url}/tipo_servico_arquivo/inserir`);

    // Local is the default type: its folder only.
    await field('Pasta local').waitFor();
    expect(await shown([...FTP, ...S3])).toEqual([...FTP, ...S3].map(() => 0));
    await field('Nome').fill('Pasta do conselho');
    await save();
    await expect.poll(() => messageOf('Pasta local')).toBe('O campo Pasta local é obrigatório.');

    await chooseType('FTP');
    await field('Servidor FTP').waitFor();
    expect(await shown(FTP)).toEqual(FTP.map(() => 1));
    expect(await shown([...S3, ...LOCAL])).toEqual([...S3, ...LOCAL].map(() => 0));
    await field('Servidor FTP').fill('ftp.conselho.org.br');
    await field('Usuário FTP').fill('conselho');
    await save();
    await expect.poll(() => messageOf('Senha FTP')).toBe('O campo Senha FTP é obrigatório.');

    await chooseType('Amazon S3');
    await field('Bucket S3').waitFor();
    expect(await shown(S3)).toEqual(S3.map(() => 1));
    expect(await shown([...FTP, ...LOCAL])).toEqual([...FTP, ...LOCAL].map(() => 0));
    await field('Nome').fill('Bucket do conselho');
    await field('Chave de acesso S3').fill('AKIAEXEMPLO');
    await field('Segredo S3').fill('segredo-do-bucket');
    await field('Região S3').fill('sa-east-1');
    await page().getByLabel(/^Em uso/).check();
    await save();
    await expect.poll(() => messageOf('Bucket S3')).toBe('O campo Bucket S3 é obrigatório.');
    await shot('1366-required');

    await field('Bucket S3').fill('conselho-arquivos');
    await save();
    await page().getByRole('button', { name: 'Editar' }).waitFor();
    const [saved] = await api('/api/tipo_servico_arquivo?q=Bucket do conselho');
    expect(saved).toMatchObject({ name: 'Bucket do conselho', service_type: 2, s3_bucket: 'conselho-arquivos', s3_endpoint: null, ftp_host: null, local_path: null, in_use: true });
    expect(await page().getByRole('button', { name: 'Editar' }).isVisible()).toBe(true);
    expect(saved.s3_secret).toBeUndefined();
    await shot('1366-saved');

    // The server's refusal is named on its field too: a service in use cannot be inactivated.
    await page().getByRole('button', { name: 'Editar' }).click();
    await page().getByLabel(/^Inativo/).check();
    await save();
    await page().getByText('Um serviço de arquivos inativo não pode estar em uso: desmarque "Em uso" para inativá-lo.').waitFor();
    await shot('1366-in-use-inactive');
    await page().getByLabel(/^Em uso/).uncheck();
    await save();
    await page().getByRole('button', { name: 'Editar' }).waitFor();
    expect((await api(`/api/tipo_servico_arquivo/${saved.id}`)).inactivated).toBe(true);
  });

  it('fits a phone: the form and the list', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await page().goto(`${session.product.url}/tipo_servico_arquivo/inserir`);
    await chooseType('FTP');
    await field('Servidor FTP').waitFor();
    await field('Nome').fill('Servidor do conselho');
    await save();
    await expect.poll(() => messageOf('Servidor FTP')).toBe('O campo Servidor FTP é obrigatório.');
    // Nothing wider than the screen.
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot('390-form');

    await page().goto(`${session.product.url}/tipo_servico_arquivo`);
    await page().getByText('Bucket do conselho').waitFor();
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot('390-list');
  });
});
