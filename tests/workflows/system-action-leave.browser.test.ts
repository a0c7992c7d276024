/**
 * A system action's insert form keeps what is typed after the leave question: with the CNPJ typed,
 * a menu link asks 'Deseja realmente sair da ação do sistema?', 'Não' stays, and the company's text
 * typed then stays through a pause and the selects of other tabs, and is what the save stores. The
 * same after 'Não' to 'Alterações não salvas' in an insert form outside a system action.
 */
import { describe, expect, it } from 'vitest';
import { adminApi } from '../e2e/support/admin-api';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { settled } from '../e2e/support/settle';
import { formInputs } from './support/form';
import { runTask } from './support/types';

describe('a system action insert form answered Não', () => {
  const session = browserSession();
  const page = () => session.page;
  const { api } = adminApi(() => session.product);
  const { field, choose, typeAhead } = formInputs(page);

  for (const [width, height] of [[1366, 900], [390, 844]] as const) {
    it(`keeps the text typed after 'Não' and saves it (${width} px)`, async () => {
      const sequence = (await api('POST', '/api/sequencias', { name: `Registros ${width}`, number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false })).data;
      const type = (await api('POST', '/api/tipo_fluxo_trabalho', {
        name: `Registro ${width}`, sequence_id: sequence.id, workflow_phase_types: [{ denomination: 'Registro' }],
        step_types: [{ step_number: 1, name: 'Cadastro', first: true, workflow_phase_type_name: 'Registro', next_steps: [], task_types: [runTask(1, 'Cadastrar a empresa', { action: 'pessoa_juridica.store' })] }],
      })).data;
      const run = (await api('PUT', `/api/fluxo_trabalho/init/${type.id}/${type.step_types[0].id}`, {})).data;
      const cnpj = width === 1366 ? '45.723.174/0001-10' : '11.222.333/0001-81';
      const name = `Construtora Depois do Não ${width}`;

      await page().setViewportSize({ width, height });
      if (width === 1366) {
        await logIn(page(), session.product);
        await expect.poll(() => new URL(page().url()).pathname).toBe('/');
      }
      await page().goto(`${session.product.url}/fluxo_trabalho/${run.id}`);
      const tasks = page().getByRole('article', { name: 'Execução do fluxo' }).getByRole('table', { name: 'Tarefas da etapa' });
      await tasks.getByRole('row').filter({ hasText: 'Cadastrar a empresa' }).getByRole('link', { name: 'Executar ação' }).click();
      await expect.poll(() => new URL(page().url()).pathname).toBe('/acao/pessoa_juridica/inserir');
      await field('CNPJ').fill(cnpj);

      // A menu link asks; 'Não' stays on the form.
      if (width < 600) await page().getByRole('button', { name: 'Abrir menu' }).click();
      await page().getByRole('link', { name: 'Bancos' }).click();
      const question = page().getByRole('dialog', { name: 'Deseja realmente sair da ação do sistema?' });
      await question.getByText('Dados podem ser perdidos.').waitFor();
      await settled(page());
      await question.getByRole('button', { name: 'Não' }).click();
      await field('Razão social').fill(name);
      await field('Nome abreviado').fill('Depois do Não');
      await field('Capital social').fill('100000,00');
      await question.waitFor({ state: 'hidden' });
      expect(new URL(page().url()).pathname).toBe('/acao/pessoa_juridica/inserir');
      // Whatever the refused departure set going (a navigation, a reset) has run its course.
      await settled(page());
      expect(await field('CNPJ').inputValue()).toBe(cnpj);
      expect(await field('Razão social').inputValue()).toBe(name);
      expect(await field('Nome abreviado').inputValue()).toBe('Depois do Não');

      await choose('Tipo de parte', 'Pessoa Jurídica');
      await typeAhead('Nacionalidade', 'Brasil', 'Brasileira');
      await typeAhead('Natureza jurídica', 'Limitada', /^206-2/);
      await page().getByRole('tab', { name: /^Atividades/ }).click();
      await typeAhead('Atividade econômica principal', 'edifícios', /CONSTRUÇÃO DE EDIFÍCIOS/);
      await settled(page());
      await page().getByRole('tab', { name: /^Dados da empresa/ }).click();
      expect(await field('Razão social').inputValue()).toBe(name);
      expect(await field('Nome abreviado').inputValue()).toBe('Depois do Não');
      await page().getByRole('button', { name: 'Salvar' }).click();

      await expect.poll(() => new URL(page().url()).pathname).toBe(`/fluxo_trabalho/${run.id}`);
      const company = (await api('GET', `/api/fluxo_trabalho/${run.id}`)).data.entities[0];
      expect(company).toMatchObject({ module: 'pessoa_juridica', action: 'store' });
      expect((await api('GET', `/api/pessoa_juridica/${company.record_id}`)).data).toMatchObject({ name, short_name: 'Depois do Não' });
    });
  }

  it("keeps the text typed after 'Não' to 'Alterações não salvas' in an ordinary insert form", async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    await page().goto(`${session.product.url}/pessoa_juridica/inserir`);
    await field('CNPJ').fill('60.701.190/0001-04');
    await page().getByRole('link', { name: 'Bancos' }).click();
    const question = page().getByRole('dialog', { name: 'Alterações não salvas' });
    await settled(page());
    await question.getByRole('button', { name: 'Não' }).click();
    await field('Razão social').fill('Empresa Fora do Fluxo');
    await field('Nome abreviado').fill('Fora do Fluxo');
    await settled(page());
    expect(new URL(page().url()).pathname).toBe('/pessoa_juridica/inserir');
    expect(await field('Razão social').inputValue()).toBe('Empresa Fora do Fluxo');
    expect(await field('Nome abreviado').inputValue()).toBe('Fora do Fluxo');
  });
});
