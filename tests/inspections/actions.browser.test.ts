/**
 * An inspection action in Chromium, as the spec draws its screen: opened from its inspection's actions
 * with the inspection filled and the signed-in supervisor among its supervisors (the supervisor
 * check), a second supervisor added, the supervisors named in the read-only view; cancelled through
 * the dialog that asks the reason (missing: said on the field) and reactivated; an annotation added in
 * its sub-form, an infraction and a pendency under it, the pendency's deadline simulated as its type
 * is chosen and equal to the stored one after saving; the pendency resolved, two more resolved at
 * once, a fourth from its own screen; a pendency dated last year, the dialog saying what its deadline
 * counts from and that it is overdue before saving; the conclusion naming it, refused until the
 * person chooses to resolve it with the action, then offering no 'Editar' (nor while cancelled), its
 * inspection named by number, party and date; the pendencies' deadlines listed DD/MM/YYYY HH:mm; the
 * action listed as concluded in its inspection; the pendencies' cards on a phone named by their
 * number or, without one, their id. Deadlines read DD/MM/YYYY HH:mm everywhere, never with seconds.
 * At 1366 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminApi } from '../e2e/support/admin-api';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { animationsFinished } from '../e2e/support/settle';

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = join(tmpdir(), 'inspection-action-shots');

const YEAR = new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date());

describe('an inspection action in the browser', () => {
  const session = browserSession();
  const page = () => session.page;
  const { api, optionId } = adminApi(() => session.product);
  const field = (label: string) => page().getByLabel(new RegExp(`^${label}( - Opcional)?( \\*)?$`));
  const choose = async (label: string, typed: string, option: string | RegExp) => {
    const input = page().getByRole('combobox', { name: new RegExp(`^${label}( - Opcional)?( \\*)?$`) }).last();
    await input.click();
    await input.fill(typed);
    await page().getByRole('option', { name: option }).first().click();
  };
  const save = () => page().getByRole('button', { name: 'Salvar' }).click();

  it('opens an action from its inspection with two supervisors, adds an annotation with an infraction and a pendency whose deadline shows before saving, resolves pendencies and concludes the action', async () => {
    mkdirSync(SHOTS, { recursive: true });
    await api('POST', '/api/sequencias', { name: 'Ações de fiscalização', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false, formatting: 'AF-{numero}/{ano}' });
    const company = (await api('POST', '/api/pessoa_juridica', {
      cnpj: '45.723.174/0001-10', name: 'Construtora Fiscalizada Ltda', short_name: 'Fiscalizada', party_type_id: await optionId('tipos_parte', 'Pessoa Jurídica', 'pessoa_juridica_sem_instituicao'),
      nationality_id: await optionId('nacionalidades', 'Brasileira'), legal_nature_id: await optionId('naturezas_juridicas', '206-2'),
      economic_activity_id: await optionId('atividades_economicas', '4120-4/00'), social_capital: '100.000,00',
    })).data;
    const assignment = (await api('POST', '/api/atribuicoes_tecnicas', { denomination: 'Fiscalização de obras' })).data;
    await api('POST', '/api/pessoa_fisica', {
      name: 'Ana Relatora Fiscal', short_name: 'Ana', party_type_id: await optionId('tipos_parte', 'Funcionário'), date_birth: '1980-05-10',
      genre_id: await optionId('generos', 'Feminino'), civil_status_id: await optionId('estados_civis', 'Solteiro(a)'), naturalness_id: await optionId('municipios', 'Brasília'),
      nationality_id: await optionId('nacionalidades', 'Brasileira'), individual_registration: '529.982.247-25',
      work_relations: [{
        employer_id: company.party_id, employee_register_id: 'F-1', admission_date: '2020-02-01', technical_manager: false, responsible_sector: false,
        employment_relationship_type_id: await optionId('tipos_vinculos_empregaticios', 'Empregado'), work_regime_id: await optionId('regimes_trabalho', 'CLT'),
        technical_assignment_id: assignment.id, expedients: [{ expedient_number: 1, day: 2, start: '08:00', end: '12:00' }],
      }],
    });
    const inspectionSequence = (await api('POST', '/api/sequencias', { name: 'Fiscalizações', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false, formatting: 'FI-{numero}/{ano}' })).data;
    const inspectionType = (await api('POST', '/api/tipos_fiscalizacao', { denomination: 'Rotina' })).data;
    const inspection = (await api('POST', '/api/fiscalizacoes', { inspection_type_id: inspectionType.id, sequence_id: inspectionSequence.id, inspected_id: company.party_id, start_date: `${YEAR}-03-02` })).data;
    await api('POST', '/api/fiscalizacoes', { inspection_type_id: inspectionType.id, sequence_id: inspectionSequence.id, inspected_id: company.party_id, start_date: `${YEAR}-03-16` });
    await api('POST', '/api/tipos_acao_fiscalizacao', { denomination: 'Vistoria de obra' });
    for (const name of ['Bruno Fiscal', 'Carla Fiscal']) await api('POST', '/api/usuarios', { name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, password: 'Senha-forte-123', active: true });
    const days = (await api('POST', '/api/tipos_prazo', { denomination: 'Dias úteis', alterability: 1, time_unit: 3, counting_way: 1 })).data;
    const pendencyType = (await api('POST', '/api/tipos_pendencias', { denomination: 'Apresentar ART', deadline_type_id: days.id, deadline_amount: 10 })).data;
    const group = (await api('POST', '/api/tipos_grupo_anotacao_fiscalizacao', { denomination: 'Responsabilidade técnica' })).data;

    const infractionType = (await api('POST', '/api/tipos_infracao_fiscalizacao', { denomination: 'Obra sem ART' })).data;
    await api('POST', '/api/tipos_infracao_fiscalizacao', { denomination: 'Placa ausente' });
    await api('POST', '/api/tipos_anotacao_fiscalizacao', { denomination: 'Falta de ART', inspection_annotation_group_type_id: group.id, infraction_types: [infractionType.id], pendency_types: [pendencyType.id] });
    // The administrator acts as a supervisor ('fiscal'): the permission, not the administrator's role, makes one.
    const admin = (await api('GET', `/api/usuarios?${new URLSearchParams({ q: session.product.adminEmail })}`)).data.find((user: { email: string }) => user.email === session.product.adminEmail);
    const stored = (await api('GET', `/api/usuarios/${admin.id}`)).data;
    await api('PUT', `/api/usuarios/${admin.id}`, { ...stored, password: undefined, permissions: [...stored.permissions, { name: 'inspectionAction.supervise', granted: true }] });
    const bruno = (await api('GET', `/api/usuarios/combos?${new URLSearchParams({ filter: 'Bruno Fiscal' })}`)).data[0];

    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    await page().goto(`${session.product.url}/fiscalizacoes/${inspection.id}`);
    const actionsArea = page().getByRole('region', { name: 'Ações da fiscalização' });
    await actionsArea.getByText('Nenhuma ação nesta fiscalização.').waitFor();
    await actionsArea.getByRole('link', { name: 'Nova ação' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toBe('/acoes_fiscalizacao/inserir');
    // The inspection is named as a person recognises it: its number, the inspected party, its start.
    await expect.poll(() => page().getByRole('combobox', { name: /^Fiscalização( \*)?$/ }).inputValue()).toBe(`FI-1/${YEAR} - Construtora Fiscalizada Ltda - 02/03/${YEAR}`);
    // The other inspections are offered named so too, beside the chosen one.
    await page().getByRole('combobox', { name: /^Fiscalização( \*)?$/ }).click();
    await page().getByRole('option', { name: `FI-2/${YEAR} - Construtora Fiscalizada Ltda - 16/03/${YEAR}` }).waitFor();
    await page().screenshot({ path: join(SHOTS, 'nova-acao-1366.png') });
    await page().keyboard.press('Escape');
    await choose('Tipo de ação', 'Vistoria', 'Vistoria de obra');
    await choose('Sequência', 'Ações', 'Ações de fiscalização');
    await field('Data de início').fill(`03/03/${YEAR}`);
    await field('Data de término').fill(`04/03/${YEAR}`);
    await choose('Relator', 'Ana', 'Ana Relatora Fiscal');
    await choose('Fiscalizado', 'Construtora', 'Construtora Fiscalizada Ltda');
    await page().getByRole('tab', { name: 'Fiscais' }).click();
    const rows = page().getByRole('combobox', { name: /^Fiscal( \*)?$/ });
    // The supervisor check put the signed-in supervisor on the list as the form opened.
    await expect.poll(() => rows.first().inputValue()).toBe(admin.name);
    await page().getByRole('button', { name: 'Adicionar' }).click();
    await rows.nth(1).waitFor();
    await choose('Fiscal', 'Bruno', 'Bruno Fiscal');
    await save();
    await expect.poll(() => new URL(page().url()).pathname).toMatch(/^\/acoes_fiscalizacao\/\d+/);
    const actionId = Number(new URL(page().url()).pathname.split('/')[2]);
    const action = (await api('GET', `/api/acoes_fiscalizacao/${actionId}`)).data;
    expect(action.formatted_number).toBe(`AF-1/${YEAR}`);
    expect(action.inspection_id).toBe(inspection.id);
    expect(action.supervisors.map((row: { user_id: number }) => row.user_id)).toEqual([admin.id, bruno.id]);
    // The read-only view names the supervisors, on their tab.
    await page().getByRole('tab', { name: 'Fiscais' }).click();
    await page().getByRole('listitem').filter({ hasText: 'Bruno Fiscal' }).waitFor();
    await page().getByRole('listitem').filter({ hasText: admin.name }).first().waitFor();

    const state = page().getByRole('region', { name: 'Situação da ação' });
    await state.getByText('Em andamento.').waitFor();
    await state.getByRole('button', { name: 'Cancelar ação' }).click();
    const dialog = page().getByRole('dialog', { name: 'Cancelar ação' });
    await dialog.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await dialog.getByText('O campo Motivo do cancelamento é obrigatório.').waitFor();
    await dialog.getByLabel(/^Motivo do cancelamento/).fill('Obra fechada no dia da vistoria');
    await dialog.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await page().getByText('Ação de fiscalização cancelada com sucesso').waitFor();
    await state.getByText('Cancelada. Motivo: Obra fechada no dia da vistoria').waitFor();
    // Cancelled, it is not edited: no 'Editar', the reason instead.
    await page().getByRole('note', { name: 'Edição indisponível' }).getByText('A ação de fiscalização está cancelada: reative-a para alterá-la.').waitFor();
    expect(await page().getByRole('button', { name: 'Editar' }).count()).toBe(0);
    const annotationsArea = page().getByRole('region', { name: 'Anotações da ação' });
    expect(await annotationsArea.getByRole('button', { name: 'Adicionar anotação' }).count()).toBe(0);
    await state.getByRole('button', { name: 'Reativar ação' }).click();
    await page().getByRole('dialog', { name: 'Reativar ação' }).getByRole('button', { name: 'Sim' }).click();
    await page().getByText('Ação de fiscalização reativada com sucesso').waitFor();
    await state.getByText('Em andamento.').waitFor();
    await page().getByRole('button', { name: 'Editar' }).waitFor();

    await annotationsArea.getByRole('button', { name: 'Adicionar anotação' }).click();
    const annotationForm = page().getByRole('dialog', { name: 'Nova anotação' });
    await choose('Tipo de anotação', 'Falta', 'Falta de ART');
    await annotationForm.getByLabel(/^Data( - Opcional)?$/).fill(`03/03/${YEAR}`);
    await annotationForm.getByLabel(/^Observações/).fill('Obra sem ART registrada.');
    await annotationForm.getByRole('button', { name: 'Salvar' }).click();
    const annotation = annotationsArea.getByRole('article', { name: 'Anotação Falta de ART' });
    await annotation.getByText('Obra sem ART registrada.').waitFor();
    const annotationId = (await api('GET', `/api/anotacoes_acao_fiscalizacao?${new URLSearchParams({ filter: JSON.stringify({ inspection_action_id: actionId }) })}`)).data[0].id;

    await annotation.getByRole('button', { name: 'Adicionar infração' }).click();
    const infractionForm = page().getByRole('dialog', { name: 'Nova infração' });
    // Only the infraction types the annotation's type admits are offered.
    await infractionForm.getByRole('combobox', { name: /^Tipo de infração/ }).click();
    await page().getByRole('option', { name: 'Obra sem ART' }).waitFor();
    expect(await page().getByRole('option').allTextContents()).toEqual(['Obra sem ART']);
    await page().getByRole('option', { name: 'Obra sem ART' }).click();
    await infractionForm.getByLabel(/^Data de início/).fill(`03/03/${YEAR}`);
    await infractionForm.getByLabel(/^Fatos/).fill('Placa da obra sem o número da ART.');
    await infractionForm.getByRole('button', { name: 'Salvar' }).click();
    await annotation.getByRole('table', { name: 'Infrações' }).getByText('Placa da obra sem o número da ART.').waitFor();
    await annotation.getByRole('table', { name: 'Infrações' }).getByText('Obra sem ART').waitFor();

    const simulation = (await api('POST', '/api/pendencias_acao_fiscalizacao/simulation', { pendency_type_id: pendencyType.id, start_date: `${YEAR}-03-03` })).data;
    // A deadline as a person reads it: DD/MM/YYYY HH:mm, no seconds.
    const shown = (moment: string) => `${moment.slice(8, 10)}/${moment.slice(5, 7)}/${moment.slice(0, 4)} ${moment.slice(11, 16)}`;
    await annotation.getByRole('button', { name: 'Adicionar pendência' }).click();
    const pendencyForm = page().getByRole('dialog', { name: 'Nova pendência' });
    await pendencyForm.getByLabel(/^Data de início/).fill(`03/03/${YEAR}`);
    await choose('Tipo de pendência', 'Apresentar', 'Apresentar ART');
    // Before saving: the deadline the type gives, a simulation.
    await pendencyForm.getByRole('status', { name: 'Prazo simulado' }).getByText(`Prazo (simulação até salvar): ${shown(simulation.deadline_moment)}`).waitFor();
    await pendencyForm.getByRole('button', { name: 'Salvar' }).click();
    const pendencies = annotation.getByRole('table', { name: 'Pendências' });
    await pendencies.getByRole('cell', { name: shown(simulation.deadline_moment), exact: true }).waitFor();
    expect(await annotationsArea.getByText(/\d{2}:\d{2}:\d{2}/).count()).toBe(0);
    const pendency = (await api('GET', `/api/pendencias_acao_fiscalizacao?${new URLSearchParams({ filter: JSON.stringify({ inspection_action_id: actionId }) })}`)).data[0];
    expect(pendency).toMatchObject({ inspection_action_annotation_id: annotationId, deadline_moment: simulation.deadline_moment, concluded: false });

    await pendencies.getByRole('button', { name: /^Resolver a pendência Apresentar ART/ }).click();
    const resolveForm = page().getByRole('dialog', { name: 'Resolver pendência' });
    await resolveForm.getByLabel(/^Data de conclusão/).fill(`05/03/${YEAR}`);
    await resolveForm.getByRole('button', { name: 'Resolver' }).click();
    await page().getByText('Pendência resolvida com sucesso').waitFor();
    await pendencies.getByText(`Resolvida em 05/03/${YEAR}`).waitFor();
    expect((await api('GET', `/api/pendencias_acao_fiscalizacao/${pendency.id}`)).data).toMatchObject({ concluded: true, end_date: `${YEAR}-03-05` });

    // Two more, resolved at once from the selection.
    for (const notes of ['Segunda', 'Terceira']) await api('POST', '/api/pendencias_acao_fiscalizacao', { inspection_action_id: actionId, inspection_action_annotation_id: annotationId, pendency_type_id: pendencyType.id, start_date: `${YEAR}-03-04`, notes });
    await page().reload();
    const checks = annotationsArea.getByRole('checkbox', { name: /^Selecionar a pendência/ });
    await expect.poll(() => checks.count()).toBe(2);
    await checks.nth(0).check();
    await checks.nth(1).check();
    await annotationsArea.getByRole('button', { name: 'Resolver pendências selecionadas (2)' }).click();
    const resolveMany = page().getByRole('dialog', { name: 'Resolver 2 pendências' });
    await resolveMany.getByLabel(/^Data de conclusão/).fill(`06/03/${YEAR}`);
    await resolveMany.getByRole('button', { name: 'Resolver' }).click();
    await page().getByText('Pendências resolvidas com sucesso').waitFor();
    await expect.poll(() => annotationsArea.getByText(`Resolvida em 06/03/${YEAR}`).count()).toBe(2);

    // A pendency resolved from its own screen.
    const fourth = (await api('POST', '/api/pendencias_acao_fiscalizacao', { inspection_action_id: actionId, inspection_action_annotation_id: annotationId, pendency_type_id: pendencyType.id, start_date: `${YEAR}-03-04`, notes: 'Quarta' })).data;
    await page().goto(`${session.product.url}/pendencias_acao_fiscalizacao/${fourth.id}`);
    const pendencyState = page().getByRole('region', { name: 'Situação da pendência' });
    await pendencyState.getByText('Pendente.').waitFor();
    await pendencyState.getByRole('button', { name: 'Resolver pendência' }).click();
    const resolveOwn = page().getByRole('dialog', { name: 'Resolver pendência' });
    await resolveOwn.getByLabel(/^Data de conclusão/).fill(`07/03/${YEAR}`);
    await resolveOwn.getByRole('button', { name: 'Resolver' }).click();
    await page().getByText('Pendência resolvida com sucesso').first().waitFor();
    await pendencyState.getByText(`Resolvida em 07/03/${YEAR}.`).waitFor();
    expect(await pendencyState.getByRole('button', { name: 'Resolver pendência' }).count()).toBe(0);

    // A pendency dated long ago: the dialog says what its deadline counts from, and that it is already overdue, before saving.
    await page().goto(`${session.product.url}/acoes_fiscalizacao/${actionId}`);
    const lastYear = Number(YEAR) - 1;
    const overdueSimulation = (await api('POST', '/api/pendencias_acao_fiscalizacao/simulation', { pendency_type_id: pendencyType.id, start_date: `${lastYear}-12-01` })).data;
    expect(overdueSimulation.overdue).toBe(true);
    await annotation.getByRole('button', { name: 'Adicionar pendência' }).click();
    const lateForm = page().getByRole('dialog', { name: 'Nova pendência' });
    // It opens empty: nothing of the action (its start date, its notes) is taken for the pendency's.
    expect(await lateForm.getByLabel(/^Data de início/).inputValue()).toBe('');
    expect(await lateForm.getByLabel(/^Observações/).inputValue()).toBe('');
    await choose('Tipo de pendência', 'Apresentar', 'Apresentar ART');
    const simulated = lateForm.getByRole('status', { name: 'Prazo simulado' });
    await expect.poll(() => simulated.textContent({ timeout: 1000 }).catch(() => null)).toContain('o momento do salvamento (a pendência não tem data de início)');
    expect(await lateForm.getByRole('alert', { name: 'Prazo já vencido' }).count()).toBe(0);
    await lateForm.getByLabel(/^Data de início/).fill(`01/12/${lastYear}`);
    await lateForm.getByLabel(/^Observações/).fill('Vencida ao nascer');
    await expect.poll(() => simulated.textContent({ timeout: 1000 }).catch(() => null)).toBe(`Prazo (simulação até salvar): ${shown(overdueSimulation.deadline_moment)}. Contado de 01/12/${lastYear} 00:00: a data de início da pendência.`);
    await lateForm.getByRole('alert', { name: 'Prazo já vencido' }).getByText(`Este prazo já venceu em ${shown(overdueSimulation.deadline_moment)}`).waitFor();
    await lateForm.getByRole('button', { name: 'Salvar' }).click();
    await pendencies.getByRole('cell', { name: shown(overdueSimulation.deadline_moment), exact: true }).waitFor();
    const late = (await api('GET', `/api/pendencias_acao_fiscalizacao?${new URLSearchParams({ filter: JSON.stringify({ inspection_action_id: actionId, concluded: false }) })}`)).data;
    expect(late.map((row: { notes: string }) => row.notes)).toEqual(['Vencida ao nascer']);
    // On a phone the table scrolls sideways in its own box, the page does not: its deadlines, scrolled into view.
    await page().setViewportSize({ width: 390, height: 844 });
    await animationsFinished(page());
    await pendencies.getByRole('cell', { name: shown(overdueSimulation.deadline_moment), exact: true }).scrollIntoViewIfNeeded();
    expect(await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page().screenshot({ path: join(SHOTS, 'pendencias-da-acao-390.png') });
    await page().setViewportSize({ width: 1366, height: 900 });

    // Concluding says what is still open, refuses until the person chooses, then resolves it with the action.
    await state.getByRole('button', { name: 'Concluir ação' }).click();
    const confirm = page().getByRole('dialog', { name: 'Concluir ação' });
    await confirm.getByText(/não pode ser desfeita/).waitFor();
    await confirm.getByText('Esta ação tem uma pendência aberta:').waitFor();
    await expect.poll(() => confirm.getByRole('listitem').allTextContents()).toEqual([`#${late[0].id}, prazo ${shown(overdueSimulation.deadline_moment)}`]);
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await confirm.getByRole('alert').filter({ hasText: `A ação AF-1/${YEAR} tem uma pendência aberta: #${late[0].id} (Apresentar ART).` }).waitFor();
    expect((await api('GET', `/api/acoes_fiscalizacao/${actionId}`)).data.concluded).toBe(false);
    await confirm.getByLabel('Resolver a pendência aberta na data de término').check();
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await page().getByText('Ação de fiscalização concluída com sucesso').waitFor();
    await state.getByText(`Concluída em 04/03/${YEAR}.`).waitFor();
    await pendencies.getByText(`Resolvida em 04/03/${YEAR}`).waitFor();
    expect((await api('GET', `/api/pendencias_acao_fiscalizacao/${late[0].id}`)).data).toMatchObject({ concluded: true, end_date: `${YEAR}-03-04` });
    expect(await state.getByRole('button', { name: 'Concluir ação' }).count()).toBe(0);
    expect(await annotationsArea.getByRole('button', { name: 'Adicionar anotação' }).count()).toBe(0);
    // Concluded, it offers no 'Editar' (which the server would refuse): it says why instead.
    const locked = page().getByRole('note', { name: 'Edição indisponível' });
    await locked.getByText('A ação de fiscalização está concluída: não pode ser alterada.').waitFor();
    expect(await page().getByRole('button', { name: 'Editar' }).count()).toBe(0);
    await page().getByRole('tab', { name: 'Dados' }).click();
    await page().getByText(`FI-1/${YEAR} - Construtora Fiscalizada Ltda - 02/03/${YEAR}`).first().waitFor();
    await page().screenshot({ path: join(SHOTS, 'acao-concluida-1366.png'), fullPage: true });
    // The conclusion's toast, closed: the picture is of the screen as it stays.
    await page().getByRole('status').filter({ hasText: 'Ação de fiscalização concluída com sucesso' }).getByRole('button', { name: 'Fechar' }).click();
    await page().setViewportSize({ width: 390, height: 844 });
    await locked.scrollIntoViewIfNeeded();
    await animationsFinished(page());
    expect(await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page().screenshot({ path: join(SHOTS, 'acao-concluida-390.png') });
    await page().setViewportSize({ width: 1366, height: 900 });

    // The pendencies' list shows each deadline as a person reads it: DD/MM/YYYY HH:mm.
    await page().goto(`${session.product.url}/pendencias_acao_fiscalizacao`);
    await page().getByRole('cell', { name: shown(overdueSimulation.deadline_moment) }).waitFor();
    expect(await page().getByRole('cell', { name: overdueSimulation.deadline_moment }).count()).toBe(0);
    await page().screenshot({ path: join(SHOTS, 'pendencias-1366.png') });
    await page().setViewportSize({ width: 390, height: 844 });
    // A phone's cards show the record's label and the first columns; a pendency without a number is named by its id.
    const cards = page().getByRole('list', { name: 'Registros' });
    await cards.getByText('Apresentar ART').first().waitFor();
    const listedIds = (await api('GET', '/api/pendencias_acao_fiscalizacao?sort=id&order=desc')).data.map((row: { id: number; formatted_number: string | null }) => {
      expect(row.formatted_number).toBeNull();
      return `#${row.id}`;
    });
    expect(listedIds).toHaveLength(5);
    expect(await cards.locator('.primary').allTextContents()).toEqual(listedIds);
    await animationsFinished(page());
    expect(await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page().screenshot({ path: join(SHOTS, 'pendencias-390.png'), fullPage: true });
    await page().setViewportSize({ width: 1366, height: 900 });
    await page().goto(`${session.product.url}/acoes_fiscalizacao/${actionId}`);

    // Each row opens its own screen, where it is edited or deleted.
    await annotation.getByRole('link', { name: 'Abrir a anotação' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toBe(`/anotacoes_acao_fiscalizacao/${annotationId}`);

    await page().goto(`${session.product.url}/fiscalizacoes/${inspection.id}`);
    const listed = actionsArea.getByRole('row').filter({ hasText: `AF-1/${YEAR}` });
    await listed.getByText('Concluída').waitFor();
    await listed.getByText('Vistoria de obra').waitFor();
  });
});
