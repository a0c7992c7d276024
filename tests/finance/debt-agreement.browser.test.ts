/**
 * Debt types, an agreement type and a revenue setting made on their forms in Chromium: a debt type of
 * each characteristic (its form's currency, sequence and settings options asked in one call) (a contribution counted yearly with a standard discount, a tax by percentage, a
 * forfeit from another configuration), an agreement type with its global configuration and one
 * specific to a company, a document attached to it, and a revenue setting using them, which the
 * revenue settings' list then answers, and shows above its rows, as the one in force today; the
 * control accounts of the demo seed listed read only, one shown with the accounts related to it and
 * cancelled on its view.
 */
import { describe, expect, it } from 'vitest';
import { adminApi } from '../e2e/support/admin-api';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { PDF } from '../files/support';

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const typed = (date: string) => date.split('-').reverse().join('/');

describe('debt types, agreement types and the revenue setting in the browser', () => {
  // The demo rows give the read-only control accounts something to show.
  const session = browserSession({ SEED_DEMO: '1' });
  const page = () => session.page;
  const { api, optionId } = adminApi(() => session.product);
  const name = (label: string) => new RegExp(`^${label.replace(/[()%]/g, (c) => `\\${c}`)}( - Opcional)?( \\*)?$`);
  const panel = () => page().getByRole('tabpanel');
  const field = (label: string) => panel().getByLabel(name(label));
  const tab = (label: string) => page().getByRole('tab', { name: new RegExp(`^${label}`) });
  const choose = async (label: string, option: string, row = 0, typedText?: string) => {
    const input = panel().getByRole('combobox', { name: name(label) }).nth(row);
    await input.click();
    if (typedText) await input.fill(typedText);
    await page().getByRole('option', { name: option, exact: true }).first().click();
  };
  const save = () => page().getByRole('button', { name: 'Salvar' }).click();
  const savedId = async (module: string) => {
    await expect.poll(() => new URL(page().url()).pathname, { timeout: 20_000 }).toMatch(new RegExp(`^/${module}/\\d+`));
    return Number(new URL(page().url()).pathname.split('/')[2]);
  };

  it('makes a debt type of each characteristic, an agreement type with a specific configuration and a document, and a revenue setting using them', async () => {
    const since = '2020-01-01';
    const rounding = (await api('POST', '/api/configuracao_arredondamento_valor', { denomination: 'Centavos', configs: [{ since, decimal_places_number: 2, rounding_method: 1 }] })).data;
    await api('POST', '/api/moeda', { name: 'Real', plural_name: 'Reais', symbol: 'R$', value_rounding_setting_id: rounding.id, decimal_places_separator: ',', thousands_separator: '.' });
    await api('POST', '/api/sequencias', { name: 'Contas de controle', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false });
    await api('POST', '/api/configuracao_atualizacao_multas', { denomination: 'Multa de 2%', configs: [{ since, variable_percentage_rate: false, single_percentage_rate: '2' }] });
    const series = (await api('POST', '/api/series_indicador', { denomination: 'IPCA', periodicity: 'M' })).data;
    await api('POST', '/api/configuracao_atualizacao_valor', { denomination: 'Pelo IPCA', configs: [{ since, indicator_serie_id: series.id }] });
    await api('POST', '/api/configuracao_atualizacao_juros', { denomination: 'Juros de 1% ao mês', configs: [{ since, capitalization_regime: 1, percentage_rate: '1', capitalization_period: 2 }] });
    await api('POST', '/api/configuracao_amortizacao_valor', { denomination: 'Mais antigo primeiro', configs: [{ since, amortization_amount_priority: 1, main_feature: 1, amortization_agreement_interest: 1 }] });
    const company = (await api('POST', '/api/pessoa_juridica', {
      cnpj: '11.444.777/0001-61', name: 'Construtora Devedora Ltda', short_name: 'Devedora', party_type_id: await optionId('tipos_parte', 'Pessoa Jurídica', 'pessoa_juridica_sem_instituicao'),
      nationality_id: await optionId('nacionalidades', 'Brasileira'), legal_nature_id: await optionId('naturezas_juridicas', '206-2'),
      economic_activity_id: await optionId('atividades_economicas', '4120-4/00'), social_capital: '100.000,00',
    })).data;
    await api('POST', '/api/tipo_documento', { denomination: 'Resolução', accepted_extensions: ['pdf'], metadata: [{ name: 'Número', type: 'integer', required: false }] });

    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');

    const debtSettings = async () => {
      await tab('Configurações').click();
      await choose('Moeda', 'R$ - Real');
      await choose('Sequência das contas de controle', 'Contas de controle');
      await choose('Configuração de atualização de multas', 'Multa de 2%');
      await choose('Configuração de atualização de valor', 'Pelo IPCA');
      await choose('Configuração de atualização de juros', 'Juros de 1% ao mês');
      await choose('Configuração de amortização de valor', 'Mais antigo primeiro');
    };
    const newDebtType = async (denomination: string, characteristic: string) => {
      await page().goto(`${session.product.url}/tipo_debito/inserir`);
      await field('Denominação').fill(denomination);
      await choose('Característica', characteristic);
      await debtSettings();
      await tab('Característica').click();
    };

    // The debt type's form asks its currency, sequence and settings options in one call, not one per select.
    const comboCalls: string[] = [];
    const record = (request: { url(): string }) => {
      const url = new URL(request.url());
      if (/\/combos(_formulario)?$/.test(url.pathname) && !url.searchParams.has('id')) comboCalls.push(url.pathname);
    };
    page().on('request', record);
    // A contribution counted yearly, in March, with a discount until the end of January.
    await newDebtType('Anuidade de pessoa jurídica', 'Contribuição');
    await choose('Forma de contagem', 'Anual');
    await field('Valor da contagem').fill('3');
    await tab('Descontos padrão').click();
    await panel().getByRole('button', { name: /adicionar/i }).click();
    await field('Pago até').fill('31/01/2027');
    await field('Desconto (%)').fill('10');
    await save();
    const annuity = (await api('GET', `/api/tipo_debito/${await savedId('tipo_debito')}`)).data;
    page().off('request', record);
    expect(comboCalls).toContain('/api/tipo_debito/combos_formulario');
    expect(comboCalls.filter((path) => /^\/api\/(moeda|sequencias|configuracao_[a-z_]+)\/combos$/.test(path))).toEqual([]);
    expect(annuity).toMatchObject({ characteristic: 1, counting_way: 'A', counting_way_value: 3, percent_value: null });
    expect(annuity.standard_discounts.map((row: Record<string, string>) => [row.date, row.percentage])).toEqual([['2027-01-31', '10.00']]);

    // A tax of a fixed percentage.
    await newDebtType('Taxa de certidão', 'Taxa');
    await field('Porcentagem (%)').fill('5');
    await save();
    const tax = (await api('GET', `/api/tipo_debito/${await savedId('tipo_debito')}`)).data;
    expect(tax).toMatchObject({ characteristic: 2, is_dynamic: false, percent_value: '5.00000000', counting_way: null });

    // A forfeit whose rate comes from a forfeit setting.
    await newDebtType('Multa eleitoral', 'Multa');
    await field('Multa de outra configuração').check();
    await choose('Configuração da multa', 'Multa de 2%');
    await save();
    const forfeit = (await api('GET', `/api/tipo_debito/${await savedId('tipo_debito')}`)).data;
    expect(forfeit).toMatchObject({ characteristic: 3, is_from_another_config: true, percent_value: null });
    expect(forfeit.config_id).toBe(await optionId('configuracao_atualizacao_multas', 'Multa de 2%'));

    // An agreement type: the global configuration and one specific to the company.
    await page().goto(`${session.product.url}/tipo_acordo/inserir`);
    await field('Denominação').fill('Parcelamento');
    await choose('Sequência das contas de controle dos acordos', 'Contas de controle');
    await choose('Sequência das contas de controle das parcelas', 'Contas de controle');
    await tab('Configurações').click();
    const add = panel().getByRole('button', { name: /adicionar/i });
    for (const [row, [proprietary, instalments]] of ([[null, '12'], ['Construtora Devedora Ltda', '24']] as const).entries()) {
      await add.last().click();
      await field('A partir de').nth(row).waitFor();
      if (proprietary) await choose('Proprietário', proprietary, row, 'Devedora');
      await field('A partir de').nth(row).fill(typed('2026-01-01'));
      await field('Quantidade máxima de parcelas').nth(row).fill(instalments);
      await field('Dias ou dia do mês').nth(row).fill('30');
      await choose('Juros do acordo: configuração', 'Juros de 1% ao mês', row);
      await choose('Juros de mora: configuração', 'Juros de 1% ao mês', row);
      await choose('Configuração de amortização de valor', 'Mais antigo primeiro', row);
      await choose('Configuração de atualização de valor', 'Pelo IPCA', row);
      await choose('Configuração de atualização de multas', 'Multa de 2%', row);
    }
    await save();
    const agreementId = await savedId('tipo_acordo');
    const agreement = (await api('GET', `/api/tipo_acordo/${agreementId}`)).data;
    expect(agreement.configs.map((row: Record<string, unknown>) => [row.proprietary_id, row.maximum_instalments_amount])).toEqual([[null, 12], [company.party_id, 24]]);

    // A document attached from the agreement type's Documentos panel.
    const documents = page().getByRole('region', { name: 'Documentos' });
    await documents.getByText('Nenhum documento.').waitFor();
    await documents.getByRole('link', { name: 'Anexar documento' }).click();
    await page().getByLabel(name('Tipo de documento')).click();
    await page().getByRole('option', { name: 'Resolução' }).click();
    await page().getByLabel(name('Nome')).fill('Resolução do parcelamento');
    await page().getByLabel(name('Data')).fill('24/11/2026');
    await page().getByRole('group', { name: /^Arquivo/ }).locator('input[type=file]').setInputFiles({ name: 'resolucao.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page().getByRole('group', { name: /^Arquivo/ }).getByText('resolucao.pdf').waitFor();
    await save();
    await expect.poll(() => new URL(page().url()).pathname).toBe(`/tipo_acordo/${agreementId}`);
    await documents.getByRole('link', { name: 'Resolução do parcelamento' }).waitFor();

    // A revenue setting from today, with the contribution and the agreement type made above.
    await page().goto(`${session.product.url}/configuracao_arrecadacao/inserir`);
    await page().getByLabel(name('A partir de')).fill(typed(today));
    const form = page().locator('form');
    const pick = async (label: string, option: string) => {
      const input = form.getByRole('combobox', { name: name(label) });
      await input.click();
      await page().getByRole('option', { name: option, exact: true }).first().click();
    };
    await pick('Moeda padrão', 'R$ - Real');
    await pick('Totalização do saldo', 'Correção monetária em separado');
    await pick('Contribuição corrente', 'Anuidade de pessoa jurídica');
    await pick('Arredondamento de valor padrão', 'Centavos');
    await pick('Atualização de valor padrão', 'Pelo IPCA');
    await pick('Atualização de juros padrão', 'Juros de 1% ao mês');
    await pick('Atualização de multas padrão', 'Multa de 2%');
    await pick('Amortização de valor padrão', 'Mais antigo primeiro');
    await pick('Tipo de acordo padrão', 'Parcelamento');
    await form.getByLabel(name('Gerar a contribuição corrente proporcional na saída')).check();
    await save();
    const settingId = await savedId('configuracao_arrecadacao');
    const list = await api('GET', '/api/configuracao_arrecadacao');
    expect(list.current_config).toMatchObject({
      id: settingId, since: today, balance_totalization_assembly_combination: 2, current_contribution_id: annuity.id, default_agreement_type_id: agreementId,
      generate_proportional_current_contribution_in_exit: true, credit_difference_paind_in_exit: false,
    });
    // The list shows it as the one in force.
    await page().goto(`${session.product.url}/configuracao_arrecadacao`);
    const inForce = page().getByRole('region', { name: 'Configuração em vigor' });
    await inForce.getByText(typed(today)).waitFor();
    await inForce.getByText('Anuidade de pessoa jurídica').waitFor();
    await inForce.getByText('Parcelamento').waitFor();
    await inForce.getByText('Correção monetária em separado').waitFor();
  }, 180_000);

  it('lists the control accounts read only and shows one with the accounts related to it and its balance', async () => {
    await page().goto(`${session.product.url}/control_account`);
    const row = page().getByRole('row', { name: /^\d+ .*ACO-000001\/2026/ });
    await row.waitFor();
    expect(await page().getByRole('link', { name: 'Inserir' }).count()).toBe(0);
    await row.click();
    await expect.poll(() => new URL(page().url()).pathname).toMatch(/^\/control_account\/\d+/);
    await page().getByText('Contas relacionadas a esta').waitFor();
    for (const text of ['ANU-000001/2025', 'ANU-000002/2026', 'Acordo em 6 parcelas', 'R$ 1.386,40']) await page().getByText(text).first().waitFor();
    // Its balance today: the open principal, no setting of the demo row adding to it.
    const balance = page().getByRole('region', { name: 'Saldo em uma data' });
    // The date as every date of the product: DD/MM/AAAA, whatever the browser's language.
    expect(await balance.getByLabel('Saldo em').inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await balance.getByRole('button', { name: 'Calcular saldo' }).click();
    await balance.getByRole('row', { name: 'Total R$ 1.155,33' }).waitFor();
    expect(await page().getByRole('button', { name: 'Salvar' }).count()).toBe(0);
  });

  it('cancels the open account with its reason, refused without one, and offers it no more', async () => {
    const balanceRegion = () => page().getByRole('region', { name: 'Saldo em uma data' });
    await balanceRegion().getByRole('button', { name: 'Cancelar conta' }).click();
    const dialog = page().getByRole('dialog', { name: /Cancelar a conta ACO-000001\/2026/ });
    await dialog.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await dialog.getByText('Informe o motivo do cancelamento.').waitFor();
    expect(await dialog.getByLabel('Motivo do cancelamento').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Motivo do cancelamento').fill('Acordo lançado em duplicidade');
    await dialog.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page().getByText('Cancelada', { exact: true }).first().waitFor();
    await expect.poll(() => balanceRegion().getByRole('button', { name: 'Cancelar conta' }).count()).toBe(0);
    const id = new URL(page().url()).pathname.split('/')[2];
    expect((await api('GET', `/api/control_account/${id}`)).data).toMatchObject({ status: 3, cancellation_reason: 'Acordo lançado em duplicidade' });
  });
});
