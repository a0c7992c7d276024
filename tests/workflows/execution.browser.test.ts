/**
 * A workflow run in Chromium: started from the list ('Iniciar fluxo'), its first step's tasks started
 * and finished with notes on `/fluxo_trabalho/{id}`, the next step started without its optional task,
 * paused and resumed after a confirmation, concluded, and the history read on the screen, whose
 * executed task opens the legal entity its system action created; at 390 px the page fits the
 * phone's width. A workflow type's task takes its action from the catalogue of system actions, chosen
 * in a list.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminApi } from '../e2e/support/admin-api';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { animationsFinished } from '../e2e/support/settle';
import { workflowTypeBody } from './support/types';

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = join(tmpdir(), 'workflow-execution-shots');

describe('a workflow run in the browser', () => {
  const session = browserSession();
  const page = () => session.page;
  const { api, optionId } = adminApi(() => session.product);

  it("chooses a task's action among the system actions, starts a run, takes it through its two steps to its conclusion and shows its history", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const sequence = (await api('POST', '/api/sequencias', { name: 'Fluxos', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false, formatting: 'FL-{numero}' })).data;
    await api('POST', '/api/tipo_fluxo_trabalho', workflowTypeBody(sequence.id, 'Registro de empresa'));

    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    // A task's action is a choice among the system actions.
    const type = (await api('POST', '/api/tipo_fluxo_trabalho', workflowTypeBody(sequence.id, 'Alteração cadastral'))).data;
    await page().goto(`${session.product.url}/tipo_fluxo_trabalho/${type.id}`);
    await page().getByRole('button', { name: 'Editar' }).click();
    await page().getByRole('tab', { name: 'Etapas' }).click();
    // MUI's select is named by its label and its value.
    const actions = page().getByRole('combobox', { name: /^Ação/ });
    await expect.poll(() => actions.first().textContent()).toBe('Criar pessoa jurídica');
    await actions.first().click();
    // The catalogue: Criar, Editar, Vincular of the registry's entities, and Checklist.
    await page().getByRole('option', { name: 'Vincular pessoa jurídica' }).waitFor();
    expect(await page().getByRole('option', { name: 'Criar usuário' }).count()).toBe(0);
    await page().getByRole('option', { name: 'Editar pessoa jurídica' }).click();
    await page().getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(async () => (await api('GET', `/api/tipo_fluxo_trabalho/${type.id}`)).data.step_types[0].task_types[0].action).toBe('pessoa_juridica.update');

    await page().goto(`${session.product.url}/fluxo_trabalho`);
    await page().getByRole('button', { name: 'Iniciar fluxo' }).click();
    const dialog = page().getByRole('dialog', { name: 'Iniciar fluxo' });
    await dialog.getByRole('combobox', { name: /Tipo de fluxo de trabalho/ }).click();
    await page().getByRole('option', { name: 'Registro de empresa' }).click();
    await dialog.getByLabel('Observações - Opcional').fill('Pedido de registro');
    await dialog.getByRole('button', { name: 'Iniciar' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toMatch(/^\/fluxo_trabalho\/\d+$/);

    const screen = page().getByRole('article', { name: 'Execução do fluxo' });
    await screen.getByRole('heading', { name: 'FL-1 · Registro de empresa' }).waitFor();
    await expect.poll(() => screen.getByLabel('Situação').textContent()).toBe('Ativo');
    const current = screen.getByRole('region', { name: 'Etapa atual' });
    await current.getByRole('heading', { name: 'Etapa atual: 1 - Etapa 1' }).waitFor();
    const tasks = current.getByRole('table', { name: 'Tarefas da etapa' });
    const row = (text: string) => tasks.getByRole('row').filter({ hasText: text });
    expect(await row('Anotar').textContent()).toContain('(opcional)');
    // The next step waits for the required task.
    const next = screen.getByRole('region', { name: 'Próximas etapas' });
    await next.getByText('Conclua as tarefas obrigatórias da etapa atual para seguir.').waitFor();
    expect(await next.getByRole('button', { name: 'Iniciar etapa 2' }).count()).toBe(0);

    await row('Cadastrar').getByRole('button', { name: 'Iniciar tarefa' }).click();
    await row('Cadastrar').getByText(/^Iniciada em/).waitFor();
    // The task's system action: a legal entity saved with the run's attributes is kept with the task.
    const runId = Number(new URL(page().url()).pathname.split('/')[2]);
    const taskTypeId = (await api('GET', `/api/fluxo_trabalho/${runId}/actual`)).data.current_step.task_types[0].id;
    const company = (await api('POST', '/api/pessoa_juridica', {
      cnpj: '45.723.174/0001-10', name: 'Construtora do Fluxo Ltda', short_name: 'Do Fluxo', party_type_id: await optionId('tipos_parte', 'Pessoa Jurídica', 'pessoa_juridica_sem_instituicao'),
      nationality_id: await optionId('nacionalidades', 'Brasileira'), legal_nature_id: await optionId('naturezas_juridicas', '206-2'),
      economic_activity_id: await optionId('atividades_economicas', '4120-4/00'), social_capital: '100.000,00',
      system_action_attributes: { workflow_id: runId, task_type_id: taskTypeId },
    })).data;
    await page().reload();
    await row('Cadastrar').getByRole('link', { name: 'Pessoa jurídica: Construtora do Fluxo Ltda' }).waitFor();
    await row('Cadastrar').getByRole('button', { name: 'Concluir tarefa' }).click();
    const finishing = page().getByRole('dialog', { name: /Concluir tarefa/ });
    await finishing.getByLabel('Observações - Opcional').fill('Empresa cadastrada');
    await finishing.getByRole('button', { name: 'Concluir tarefa' }).click();
    await row('Cadastrar').getByText(/^Concluída em/).waitFor();
    await current.getByText(/Etapa concluída/).waitFor();

    // The next step, without its optional task.
    await next.getByRole('checkbox', { name: 'Copiar a tarefa opcional Arquivar' }).uncheck();
    await next.getByRole('button', { name: 'Iniciar etapa 2' }).click();
    await current.getByRole('heading', { name: 'Etapa atual: 2 - Etapa 2' }).waitFor();
    expect(await tasks.getByRole('row').filter({ hasText: 'Arquivar' }).count()).toBe(0);

    // Paused, the run takes no task; resumed, it goes on.
    await screen.getByRole('button', { name: 'Pausar' }).click();
    await page().getByRole('dialog', { name: 'Pausar fluxo' }).getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => screen.getByLabel('Situação').textContent()).toBe('Pausado');
    expect(await row('Conferir').getByRole('button', { name: 'Iniciar tarefa' }).count()).toBe(0);
    await screen.getByRole('button', { name: 'Retomar' }).click();
    await page().getByRole('dialog', { name: 'Retomar fluxo' }).getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => screen.getByLabel('Situação').textContent()).toBe('Ativo');

    await row('Conferir').getByRole('button', { name: 'Iniciar tarefa' }).click();
    await row('Conferir').getByRole('button', { name: 'Concluir tarefa' }).click();
    await page().getByRole('dialog', { name: /Concluir tarefa/ }).getByRole('button', { name: 'Concluir tarefa' }).click();
    await screen.getByRole('button', { name: 'Concluir fluxo' }).click();
    await page().getByRole('dialog', { name: 'Concluir fluxo' }).getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => screen.getByLabel('Situação').textContent()).toBe('Concluído');
    expect(await screen.getByRole('button', { name: 'Cancelar fluxo' }).count()).toBe(0);

    const history = screen.getByRole('table', { name: 'Histórico do fluxo' });
    const lines = await history.getByRole('row').allTextContents();
    const events = ['Fluxo iniciado na etapa 1 - Etapa 1', 'Tarefa iniciada: Cadastrar', 'Tarefa executada: Cadastrar', 'Etapa iniciada: 2 - Etapa 2', 'Fluxo pausado', 'Fluxo retomado', 'Tarefa iniciada: Conferir', 'Tarefa executada: Conferir', 'Fluxo concluído'];
    expect(lines.slice(1).map((line) => events.find((event) => line.includes(event)))).toEqual(events);
    expect(lines.find((line) => line.includes('Tarefa executada: Cadastrar'))).toContain('Empresa cadastrada');
    await page().screenshot({ path: join(SHOTS, 'execucao-1366.png'), fullPage: true });

    // On a phone the page fits its width: each table's rows stack their cells, each named by its column.
    await page().setViewportSize({ width: 390, height: 844 });
    await animationsFinished(page());
    expect(await page().evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    const executed = history.getByRole('row').filter({ hasText: 'Tarefa executada: Cadastrar' });
    expect((await executed.boundingBox())!.width).toBeLessThanOrEqual(390);
    await page().screenshot({ path: join(SHOTS, 'execucao-390.png'), fullPage: true });
    await page().setViewportSize({ width: 1366, height: 900 });

    // The executed task's line opens the record it created.
    await history.getByRole('row').filter({ hasText: 'Tarefa executada: Cadastrar' }).getByRole('link', { name: 'Pessoa jurídica: Construtora do Fluxo Ltda' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toBe(`/pessoa_juridica/${company.id}`);
  });
});
