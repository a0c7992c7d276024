/**
 * The calculation preview on an interest setting's form in Chromium: 'Simulação' shows in reais what
 * the server's calculation answers, to the cent, and follows a rate changed on the form before it
 * is saved.
 */
import { describe, expect, it } from 'vitest';
import { adminApi } from '../e2e/support/admin-api';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';

describe('the calculation preview of a setting in the browser', () => {
  const session = browserSession();
  const page = () => session.page;
  const { api } = adminApi(() => session.product);
  const shown = (field: string) => page().locator(`[data-testid="calculation-preview"] [data-field="${field}"]`);

  it('shows the server calculation of the configurations on the form, in reais', async () => {
    const setting = await api('POST', '/api/configuracao_atualizacao_juros', {
      denomination: 'Juros de mora', configs: [{ since: '2000-01-01', capitalization_regime: 1, percentage_rate: '1', capitalization_period: 2 }],
    });
    const server = await api('POST', '/api/finance/calculation', { amount: '1234.56', due_date: '2026-01-10', payment_date: '2026-02-24', interest_update_setting_id: setting.data.id });
    expect(server.data).toMatchObject({ interest: '18.52', total: '1253.08' });

    await logIn(page(), session.product);
    await expect.poll(() => page().url()).toBe(`${session.product.url}/`);
    await page().goto(`${session.product.url}/configuracao_atualizacao_juros/${setting.data.id}`);
    const preview = page().getByRole('region', { name: 'Simulação' });
    await preview.getByLabel('Valor', { exact: true }).fill('1.234,56');
    await preview.getByLabel('Vencimento').fill('2026-01-10');
    await preview.getByLabel('Pagamento').fill('2026-02-24');
    await expect.poll(() => shown('interest').textContent()).toBe('R$ 18,52');
    expect(await shown('total').textContent()).toBe('R$ 1.253,08');
    expect(await shown('updated_value').textContent()).toBe('R$ 1.234,56');

    await page().getByRole('button', { name: 'Editar' }).click();
    await page().getByLabel(/^Taxa \(%\)/).fill('2');
    await expect.poll(() => shown('interest').textContent()).toBe('R$ 37,04');
    expect(await shown('total').textContent()).toBe('R$ 1.271,60');
  });
});
