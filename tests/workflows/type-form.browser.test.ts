/**
 * A workflow type's form in Chromium: removing a phase that a step uses asks the spec's question
 * ('Não' keeps it; 'Sim' removes it and clears it from the step), and removing a step takes it out of
 * the other steps' next steps, so the type saves whole.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminApi } from '../e2e/support/admin-api';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { PHASE_IN_USE } from '../../src/web/screens/tipo_fluxo_trabalho/removals';
import { workflowTypeBody } from './support/types';

const SHOTS = join(tmpdir(), 'workflow-type-shots');
mkdirSync(SHOTS, { recursive: true });

describe("a workflow type's form in the browser", () => {
  const session = browserSession();
  const page = () => session.page;
  const { api } = adminApi(() => session.product);
  const input = (name: string) => page().locator(`input[name="${name}"]`);
  // A row's remove button shows while the pointer is over the row.
  const removeRow = async (field: string, button: string) => {
    await input(field).hover();
    await page().locator(`.button-remove-${button}`).click();
  };

  it('asks before removing a phase in use and clears it from its steps; a removed step leaves the next steps', async () => {
    const sequence = (await api('POST', '/api/sequencias', { name: 'Fluxos do formulário', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false })).data;
    const type = (await api('POST', '/api/tipo_fluxo_trabalho', workflowTypeBody(sequence.id, 'Fases e etapas'))).data;

    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    await page().goto(`${session.product.url}/tipo_fluxo_trabalho/${type.id}`);
    await page().getByRole('button', { name: 'Editar' }).click();

    // The phase 'Conclusão' is step 2's: removing it asks first, and 'Não' keeps it.
    await page().getByRole('tab', { name: 'Fases' }).click();
    await expect.poll(() => input('workflow_phase_types.1.denomination').inputValue()).toBe('Conclusão');
    await removeRow('workflow_phase_types.1.denomination', 'workflow_phase_types-1');
    const question = page().getByRole('dialog', { name: 'Excluir fase' });
    await question.getByText(PHASE_IN_USE).waitFor();
    await page().screenshot({ path: join(SHOTS, 'excluir-fase-1366.png') });
    await question.getByRole('button', { name: 'Não' }).click();
    expect(await input('workflow_phase_types.1.denomination').inputValue()).toBe('Conclusão');
    await removeRow('workflow_phase_types.1.denomination', 'workflow_phase_types-1');
    await question.getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => input('workflow_phase_types.1.denomination').count()).toBe(0);

    // Step 2 lost its phase; removing step 2 takes it out of step 1's next steps.
    await page().getByRole('tab', { name: 'Etapas' }).click();
    expect(await input('step_types.1.workflow_phase_type_name').inputValue()).toBe('');
    expect(await input('step_types.0.workflow_phase_type_name').inputValue()).toBe('Análise');
    expect(await input('step_types.0.next_steps.0.step_number').inputValue()).toBe('2');
    await removeRow('step_types.1.name', 'step_types-1');
    await expect.poll(() => input('step_types.1.name').count()).toBe(0);
    expect(await input('step_types.0.next_steps.0.step_number').count()).toBe(0);
    await page().getByRole('button', { name: 'Salvar' }).click();
    await page().getByText('Registro salvo com sucesso').waitFor();

    const saved = (await api('GET', `/api/tipo_fluxo_trabalho/${type.id}`)).data;
    expect(saved.workflow_phase_types.map((phase: any) => phase.denomination)).toEqual(['Análise']);
    expect(saved.step_types.map((step: any) => [step.step_number, step.next_steps])).toEqual([[1, []]]);
  });
});
