/**
 * A task whose action is 'workflow.init_workflow' in Chromium: its row's 'Executar ação' opens the
 * 'Iniciar fluxo' dialog, the new run opens, and back on the first run the task shows the new run,
 * which opens from there.
 */
import { describe, expect, it } from 'vitest';
import { adminApi } from '../e2e/support/admin-api';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { runTask } from './support/types';

describe('a task starting another workflow in the browser', () => {
  const session = browserSession();
  const page = () => session.page;
  const { api } = adminApi(() => session.product);

  it('starts a run from the task and shows it as the task\'s record', async () => {
    const sequence = (await api('POST', '/api/sequencias', { name: 'Fluxos encadeados', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false })).data;
    const step = (tasks: unknown[]) => ({ step_number: 1, name: 'Abertura', first: true, workflow_phase_type_name: 'Abertura', next_steps: [], task_types: tasks });
    const child = (await api('POST', '/api/tipo_fluxo_trabalho', { name: 'Fiscalização da obra', sequence_id: sequence.id, workflow_phase_types: [{ denomination: 'Abertura' }], step_types: [step([runTask(1, 'Vistoriar')])] })).data;
    const parentType = (await api('POST', '/api/tipo_fluxo_trabalho', {
      name: 'Registro com fiscalização', sequence_id: sequence.id, workflow_phase_types: [{ denomination: 'Abertura' }],
      step_types: [step([runTask(1, 'Abrir a fiscalização', { action: 'workflow.init_workflow', one_time_action: true })])],
    })).data;
    const parent = (await api('PUT', `/api/fluxo_trabalho/init/${parentType.id}/${parentType.step_types[0].id}`, {})).data;

    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    await page().goto(`${session.product.url}/fluxo_trabalho/${parent.id}`);
    const screen = page().getByRole('article', { name: 'Execução do fluxo' });
    const row = () => screen.getByRole('table', { name: 'Tarefas da etapa' }).getByRole('row').filter({ hasText: 'Abrir a fiscalização' });
    await row().getByRole('button', { name: 'Executar ação' }).click();
    const dialog = page().getByRole('dialog', { name: 'Iniciar fluxo' });
    await dialog.getByRole('combobox', { name: /Tipo de fluxo de trabalho/ }).click();
    await page().getByRole('option', { name: 'Fiscalização da obra' }).click();
    await dialog.getByLabel('Nome - Opcional').fill('Fiscalização da obra 12');
    await dialog.getByRole('button', { name: 'Iniciar' }).click();
    await expect.poll(() => new URL(page().url()).pathname).not.toBe(`/fluxo_trabalho/${parent.id}`);
    const childRun = Number(new URL(page().url()).pathname.split('/').pop());
    expect((await api('GET', `/api/fluxo_trabalho/${childRun}`)).data.workflow_type_id).toBe(child.id);

    // Back on the first run: the task started with the new run, which it opens; a one-time action is offered no more.
    await page().goto(`${session.product.url}/fluxo_trabalho/${parent.id}`);
    const record = row().getByRole('link', { name: /^Fluxo de trabalho: / });
    await record.waitFor();
    await row().getByText(/^Iniciada em/).waitFor();
    expect(await row().getByRole('button', { name: 'Executar ação' }).count()).toBe(0);
    await record.click();
    await expect.poll(() => new URL(page().url()).pathname).toBe(`/fluxo_trabalho/${childRun}`);
  });
});
