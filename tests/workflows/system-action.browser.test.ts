/**
 * A two-step workflow in Chromium whose first task creates a legal entity through `/acao/`: the run's
 * screen opens the legal entity's insert form under `/acao/`; saving links the new company to the
 * task and returns to the run, which is taken to its conclusion; the history's executed task opens
 * the company; a second step's tasks edit that company (the chooser offering it first) and link two
 * existing records found by a search, the history opening them. Leaving `/acao/` for another screen
 * asks 'Deseja realmente sair da ação do sistema?' / 'Dados podem ser perdidos.': asked inside the
 * insert form with the CNPJ typed, 'Não' stays and what is typed next is saved.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminApi } from '../e2e/support/admin-api';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { formInputs } from './support/form';
import { runTask } from './support/types';

const SHOTS = join(tmpdir(), 'system-action-shots');
mkdirSync(SHOTS, { recursive: true });

describe('a system action in the browser', () => {
  const session = browserSession();
  const page = () => session.page;
  const { api } = adminApi(() => session.product);
  const { panel, field, choose, typeAhead } = formInputs(page);

  it('creates a legal entity through a task, runs the workflow to its conclusion and shows the company in the history', async () => {
    const sequence = (await api('POST', '/api/sequencias', { name: 'Registros', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false })).data;
    const type = (await api('POST', '/api/tipo_fluxo_trabalho', {
      name: 'Registro de empresa', sequence_id: sequence.id, workflow_phase_types: [{ denomination: 'Registro' }],
      step_types: [
        { step_number: 1, name: 'Cadastro', first: true, workflow_phase_type_name: 'Registro', next_steps: [{ step_number: 2 }], task_types: [runTask(1, 'Cadastrar a empresa', { action: 'pessoa_juridica.store' })] },
        { step_number: 2, name: 'Conferência', first: false, workflow_phase_type_name: 'Registro', next_steps: [], task_types: [
          runTask(1, 'Conferir os documentos'),
          runTask(2, 'Corrigir a empresa', { action: 'pessoa_juridica.update' }),
          runTask(3, 'Vincular os estados civis', { action: 'estados_civis.link' }),
        ] },
      ],
    })).data;
    const run = (await api('PUT', `/api/fluxo_trabalho/init/${type.id}/${type.step_types[0].id}`, {})).data;

    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    await page().goto(`${session.product.url}/fluxo_trabalho/${run.id}`);
    const screen = page().getByRole('article', { name: 'Execução do fluxo' });
    const tasks = screen.getByRole('table', { name: 'Tarefas da etapa' });
    const row = (text: string) => tasks.getByRole('row').filter({ hasText: text });
    await row('Cadastrar a empresa').getByRole('link', { name: 'Executar ação' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toBe('/acao/pessoa_juridica/inserir');
    await field('CNPJ').fill('45.723.174/0001-10');
    // Leaving the system action for another screen asks first; 'Não' stays on the form, which keeps what is typed next.
    await page().getByRole('link', { name: 'Bancos' }).click();
    const question = page().getByRole('dialog', { name: 'Deseja realmente sair da ação do sistema?' });
    await question.getByText('Dados podem ser perdidos.').waitFor();
    await question.getByRole('button', { name: 'Não' }).click();
    await field('Razão social').fill('Construtora do Fluxo Ltda');
    await field('Nome abreviado').fill('Do Fluxo');
    await field('Capital social').fill('100000,00');
    expect(new URL(page().url()).pathname).toBe('/acao/pessoa_juridica/inserir');
    expect(await field('CNPJ').inputValue()).toBe('45.723.174/0001-10');
    expect(await field('Razão social').inputValue()).toBe('Construtora do Fluxo Ltda');

    await field('Nome fantasia').fill('Fluxo Construções');
    expect(await field('Nome abreviado').inputValue()).toBe('Do Fluxo');

    await choose('Tipo de parte', 'Pessoa Jurídica');
    await typeAhead('Nacionalidade', 'Brasil', 'Brasileira');
    await typeAhead('Natureza jurídica', 'Limitada', /^206-2/);
    await page().getByRole('tab', { name: /^Atividades/ }).click();
    await typeAhead('Atividade econômica principal', 'edifícios', /CONSTRUÇÃO DE EDIFÍCIOS/);
    await page().getByRole('button', { name: 'Salvar' }).click();

    // Saved, back to the run: the company is the task's, and the task started with it.
    await expect.poll(() => new URL(page().url()).pathname).toBe(`/fluxo_trabalho/${run.id}`);
    await row('Cadastrar a empresa').getByRole('link', { name: 'Pessoa jurídica: Construtora do Fluxo Ltda' }).waitFor();
    await row('Cadastrar a empresa').getByText(/^Iniciada em/).waitFor();
    const company = (await api('GET', `/api/fluxo_trabalho/${run.id}`)).data.entities[0];
    await row('Cadastrar a empresa').getByRole('button', { name: 'Concluir tarefa' }).click();
    await page().getByRole('dialog', { name: /Concluir tarefa/ }).getByRole('button', { name: 'Concluir tarefa' }).click();
    await screen.getByRole('button', { name: 'Iniciar etapa 2' }).click();
    await row('Conferir os documentos').getByRole('button', { name: 'Iniciar tarefa' }).click();
    await row('Conferir os documentos').getByRole('button', { name: 'Concluir tarefa' }).click();
    await page().getByRole('dialog', { name: /Concluir tarefa/ }).getByRole('button', { name: 'Concluir tarefa' }).click();

    // 'Editar': the company created earlier in the run is offered first; its form opens for editing under /acao/.
    await row('Corrigir a empresa').getByRole('link', { name: 'Executar ação' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toBe('/acao/pessoa_juridica');
    const chooser = page().getByRole('article', { name: 'Ação do sistema' });
    await chooser.getByRole('heading', { name: 'Editar pessoa jurídica' }).waitFor();
    await chooser.getByRole('region', { name: 'Registros deste fluxo' }).getByRole('button', { name: 'Editar Construtora do Fluxo Ltda' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toMatch(/^\/acao\/pessoa_juridica\/\d+$/);
    await expect.poll(() => field('Nome abreviado').inputValue()).toBe('Do Fluxo');
    await field('Nome abreviado').fill('Fluxo Corrigida');
    await panel().screenshot({ path: `${SHOTS}/acao-editar-1366.png` });
    await page().getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toBe(`/fluxo_trabalho/${run.id}`);
    await row('Corrigir a empresa').getByRole('link', { name: 'Pessoa jurídica: Construtora do Fluxo Ltda' }).waitFor();
    expect((await api('GET', `/api/pessoa_juridica/${company.record_id}`)).data.short_name).toBe('Fluxo Corrigida');

    // 'Vincular': existing records found by a search, several linked at once.
    const married = (await api('POST', '/api/estados_civis', { denomination: 'Casado no fluxo' })).data;
    const single = (await api('POST', '/api/estados_civis', { denomination: 'Solteiro no fluxo' })).data;
    await row('Vincular os estados civis').getByRole('link', { name: 'Executar ação' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toBe('/acao/estados_civis');
    await chooser.getByRole('heading', { name: 'Vincular estado civil' }).waitFor();
    await chooser.getByLabel('Buscar estado civil').fill('no fluxo');
    await chooser.getByRole('checkbox', { name: 'Casado no fluxo' }).check();
    await chooser.getByRole('checkbox', { name: 'Solteiro no fluxo' }).check();
    await page().setViewportSize({ width: 390, height: 844 });
    await chooser.screenshot({ path: `${SHOTS}/acao-vincular-390.png` });
    await page().setViewportSize({ width: 1366, height: 900 });
    await chooser.getByRole('button', { name: 'Vincular' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toBe(`/fluxo_trabalho/${run.id}`);
    await row('Vincular os estados civis').getByRole('link', { name: 'Estado civil: Casado no fluxo' }).waitFor();
    await row('Vincular os estados civis').getByRole('link', { name: 'Estado civil: Solteiro no fluxo' }).waitFor();
    for (const task of ['Corrigir a empresa', 'Vincular os estados civis']) {
      await row(task).getByRole('button', { name: 'Concluir tarefa' }).click();
      await page().getByRole('dialog', { name: /Concluir tarefa/ }).getByRole('button', { name: 'Concluir tarefa' }).click();
      await row(task).getByText(/^Concluída em/).waitFor();
    }
    await screen.getByRole('button', { name: 'Concluir fluxo' }).click();
    await page().getByRole('dialog', { name: 'Concluir fluxo' }).getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => screen.getByLabel('Situação').textContent()).toBe('Concluído');

    const history = screen.getByRole('table', { name: 'Histórico do fluxo' });
    // The history's executed tasks open the records edited and linked.
    const line = (text: string) => history.getByRole('row').filter({ hasText: text });
    await line('Tarefa executada: Corrigir a empresa').getByRole('link', { name: 'Pessoa jurídica: Construtora do Fluxo Ltda' }).waitFor();
    await line('Tarefa executada: Vincular os estados civis').getByRole('link', { name: 'Estado civil: Solteiro no fluxo' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toBe(`/estados_civis/${single.id}`);
    await page().goBack();
    await line('Tarefa executada: Vincular os estados civis').getByRole('link', { name: 'Estado civil: Casado no fluxo' }).waitFor();
    expect(married.id).toBeGreaterThan(0);
    const executed = history.getByRole('row').filter({ hasText: 'Tarefa executada: Cadastrar a empresa' });
    await executed.getByRole('link', { name: 'Pessoa jurídica: Construtora do Fluxo Ltda' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toMatch(/^\/pessoa_juridica\/\d+$/);
    expect(company).toMatchObject({ module: 'pessoa_juridica', action: 'store' });
    expect(new URL(page().url()).pathname).toBe(`/pessoa_juridica/${company.record_id}`);
  });
});
