import { KindField, ResourceShow } from '@kit';
import { choices } from '@generated/web/control_account/choices';
import { BalancePanel } from './BalancePanel';
import { PaymentsPanel } from './PaymentsPanel';

/**
 * A control account as the generated view shows it, its balance at a chosen date, the confirmation
 * of a posting awaiting it, 'Pagar' and 'Cancelar conta' (./BalancePanel.tsx), its payments with
 * 'Estornar' (./PaymentsPanel.tsx), and the accounts related to it
 * (`related_control_accounts`, answered by the server beside the account it relates to; docs/FINANCE.md).
 */
export function ControlAccountShow() {
  return (
    <ResourceShow>
      <KindField source="id" kind="id" label="ID" />
      <KindField source="formatted_number" kind="text" label="Número" />
      <KindField
        source="party_id"
        kind="reference"
        label="Devedor"
        reference={{ module: 'partes', typeAhead: true }}
      />
      <KindField
        source="registration_id"
        kind="reference"
        label="Inscrição"
        reference={{ module: 'inscricao' }}
      />
      <KindField
        source="debt_type_id"
        kind="reference"
        label="Tipo de débito"
        reference={{ module: 'tipo_debito' }}
      />
      <KindField source="exercise" kind="integer" label="Exercício" />
      <KindField source="principal" kind="money" label="Valor original" />
      <KindField source="open_principal" kind="money" label="Valor original em aberto" />
      <KindField source="due_date" kind="date" label="Vencimento" />
      <KindField source="posting_date" kind="date" label="Data do lançamento" />
      <KindField source="origin" kind="enum" label="Origem" choices={choices.origin} />
      <KindField source="status" kind="enum" label="Situação da conta" choices={choices.status} />
      <BalancePanel />
      <PaymentsPanel />
      <KindField
        source="value_update_setting_id"
        kind="reference"
        label="Configuração de atualização de valor"
        reference={{ module: 'configuracao_atualizacao_valor' }}
      />
      <KindField
        source="interest_update_setting_id"
        kind="reference"
        label="Configuração de atualização de juros"
        reference={{ module: 'configuracao_atualizacao_juros' }}
      />
      <KindField
        source="forfeit_update_setting_id"
        kind="reference"
        label="Configuração de atualização de multas"
        reference={{ module: 'configuracao_atualizacao_multas' }}
      />
      <KindField
        source="amount_amortization_setting_id"
        kind="reference"
        label="Configuração de amortização de valor"
        reference={{ module: 'configuracao_amortizacao_valor' }}
      />
      <KindField source="cancellation_reason" kind="textarea" label="Motivo do cancelamento" />
      <KindField
        source="replaced_by_id"
        kind="reference"
        label="Substituída por"
        reference={{ module: 'control_account' }}
      />
      <KindField source="related_control_account_id" kind="reference" label="Conta relacionada" reference={{ module: 'control_account' }} />
      <KindField
        source="related_control_accounts"
        kind="sublist"
        label="Contas relacionadas a esta"
        sublist={{ itemLabel: 'conta', fields: [{ source: 'formatted_number', kind: 'text', label: 'Número' }] }}
      />
      <KindField
        source="custom_field_list"
        kind="sublist"
        label="Campos personalizados"
        sublist={{
          itemLabel: 'campo',
          fields: [
            { source: 'name', kind: 'text', label: 'Campo' },
            { source: 'value', kind: 'text', label: 'Valor' },
          ],
        }}
      />
      <KindField
        source="balance_histories"
        kind="sublist"
        label="Histórico de saldos"
        sublist={{
          itemLabel: 'saldo',
          fields: [
            { source: 'date', kind: 'date', label: 'Data' },
            { source: 'balance', kind: 'money', label: 'Saldo' },
            { source: 'notes', kind: 'text', label: 'Histórico' },
          ],
        }}
      />
      <KindField source="inactivated" kind="boolean" label="Inativo" />
      <KindField source="inactivated_at" kind="datetime" label="Inativado em" />
      <KindField source="created_at" kind="datetime" label="Criado em" />
      <KindField source="updated_at" kind="datetime" label="Atualizado em" />
    </ResourceShow>
  );
}
