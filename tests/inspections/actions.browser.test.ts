/**
 * An inspection action in Chromium: registered on its form with two supervisors, numbered from its
 * sequence; cancelled through the dialog that asks the reason (missing: said on the field) and
 * reactivated; an annotation registered for it and a pendency of that annotation, whose deadline the
 * deadlines engine counted; the action concluded after a confirmation.
 */
import { describe, expect, it } from 'vitest';
import { adminApi } from '../e2e/support/admin-api';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';

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

  it('registers an action with two supervisors, cancels and reactivates it, adds an annotation and a pendency, and concludes it', async () => {
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
    await api('POST', '/api/fiscalizacoes', { inspection_type_id: inspectionType.id, sequence_id: inspectionSequence.id, inspected_id: company.party_id, start_date: `${YEAR}-03-02` });
    await api('POST', '/api/tipos_acao_fiscalizacao', { denomination: 'Vistoria de obra' });
    for (const name of ['Bruno Fiscal', 'Carla Fiscal']) await api('POST', '/api/usuarios', { name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, password: 'Senha-forte-123', active: true });
    const days = (await api('POST', '/api/tipos_prazo', { denomination: 'Dias úteis', alterability: 1, time_unit: 3, counting_way: 1 })).data;
    const pendencyType = (await api('POST', '/api/tipos_pendencias', { denomination: 'Apresentar ART', deadline_type_id: days.id, deadline_amount: 10 })).data;
    const group = (await api('POST', '/api/tipos_grupo_anotacao_fiscalizacao', { denomination: 'Responsabilidade técnica' })).data;
    await api('POST', '/api/tipos_anotacao_fiscalizacao', { denomination: 'Falta de ART', inspection_annotation_group_type_id: group.id, pendency_types: [pendencyType.id] });

    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    await page().goto(`${session.product.url}/acoes_fiscalizacao/inserir`);
    await choose('Tipo de ação', 'Vistoria', 'Vistoria de obra');
    await choose('Fiscalização', 'FI-1', `FI-1/${YEAR}`);
    await choose('Sequência', 'Ações', 'Ações de fiscalização');
    await field('Data de início').fill(`03/03/${YEAR}`);
    await field('Data de término').fill(`04/03/${YEAR}`);
    const rows = page().getByRole('combobox', { name: /^Fiscal( \*)?$/ });
    for (const [index, name] of ['Bruno Fiscal', 'Carla Fiscal'].entries()) {
      await page().getByRole('button', { name: 'Adicionar' }).click();
      await rows.nth(index).waitFor();
      await choose('Fiscal', name.split(' ')[0], name);
    }
    await choose('Relator', 'Ana', 'Ana Relatora Fiscal');
    await choose('Fiscalizado', 'Construtora', 'Construtora Fiscalizada Ltda');
    await save();
    await expect.poll(() => new URL(page().url()).pathname).toMatch(/^\/acoes_fiscalizacao\/\d+/);
    const actionId = Number(new URL(page().url()).pathname.split('/')[2]);
    const action = (await api('GET', `/api/acoes_fiscalizacao/${actionId}`)).data;
    expect(action.formatted_number).toBe(`AF-1/${YEAR}`);
    expect(action.supervisors).toHaveLength(2);

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
    await state.getByRole('button', { name: 'Reativar ação' }).click();
    await page().getByRole('dialog', { name: 'Reativar ação' }).getByRole('button', { name: 'Sim' }).click();
    await page().getByText('Ação de fiscalização reativada com sucesso').waitFor();
    await state.getByText('Em andamento.').waitFor();

    await page().goto(`${session.product.url}/anotacoes_acao_fiscalizacao/inserir`);
    await choose('Ação de fiscalização', 'AF-1', `AF-1/${YEAR}`);
    await choose('Tipo de anotação', 'Falta', 'Falta de ART');
    await field('Data').fill(`03/03/${YEAR}`);
    await field('Observações').fill('Obra sem ART registrada.');
    await save();
    await expect.poll(() => new URL(page().url()).pathname).toMatch(/^\/anotacoes_acao_fiscalizacao\/\d+/);
    const annotationId = Number(new URL(page().url()).pathname.split('/')[2]);

    const simulation = (await api('POST', '/api/pendencias_acao_fiscalizacao/simulation', { pendency_type_id: pendencyType.id, start_date: `${YEAR}-03-03` })).data;
    await page().goto(`${session.product.url}/pendencias_acao_fiscalizacao/inserir`);
    await choose('Ação de fiscalização', 'AF-1', `AF-1/${YEAR}`);
    await choose('Anotação', String(annotationId), String(annotationId));
    await choose('Tipo de pendência', 'Apresentar', 'Apresentar ART');
    await field('Data de início').fill(`03/03/${YEAR}`);
    await save();
    await expect.poll(() => new URL(page().url()).pathname).toMatch(/^\/pendencias_acao_fiscalizacao\/\d+/);
    const pendencyId = Number(new URL(page().url()).pathname.split('/')[2]);
    const pendency = (await api('GET', `/api/pendencias_acao_fiscalizacao/${pendencyId}`)).data;
    expect(pendency).toMatchObject({ inspection_action_id: actionId, inspection_action_annotation_id: annotationId, deadline_moment: simulation.deadline_moment });

    await page().goto(`${session.product.url}/acoes_fiscalizacao/${actionId}`);
    await state.getByRole('button', { name: 'Concluir ação' }).click();
    const confirm = page().getByRole('dialog', { name: 'Concluir ação' });
    await confirm.getByText(/não pode ser desfeita/).waitFor();
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await page().getByText('Ação de fiscalização concluída com sucesso').waitFor();
    await state.getByText(`Concluída em 04/03/${YEAR}.`).waitFor();
    expect(await state.getByRole('button', { name: 'Concluir ação' }).count()).toBe(0);
  });
});
