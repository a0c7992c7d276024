import { KindField, ResourceShow } from '@kit';

/**
 * A control account as the generated view shows it, and the accounts related to it
 * (`related_control_accounts`, answered by the server beside the account it relates to; docs/FINANCE.md).
 */
export function ControlAccountShow() {
  return (
    <ResourceShow>
      <KindField source="id" kind="id" label="ID" />
      <KindField source="formatted_number" kind="text" label="Número" />
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
