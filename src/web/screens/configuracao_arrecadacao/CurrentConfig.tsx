import { RecordContextProvider, type RaRecord } from 'ra-core';
import Box from '@mui/material/Box';
import { KindField } from '@kit';
import { choices } from '@generated/web/configuracao_arrecadacao/choices';

/**
 * What the in-force panel shows of the setting: when it started, the currency, the totalization, the
 * contribution and the agreement type (the record view's fields, so it loads as a chunk of its own).
 */
export default function CurrentConfig({ config }: { config: RaRecord }) {
  return (
    <RecordContextProvider value={config}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))', columnGap: 2 }}>
        <KindField source="since" kind="date" label="A partir de" />
        <KindField source="default_currency_id" kind="reference" label="Moeda padrão" reference={{ module: 'moeda' }} />
        <KindField source="balance_totalization_assembly_combination" kind="enum" label="Totalização do saldo" choices={choices.balance_totalization_assembly_combination} />
        <KindField source="current_contribution_id" kind="reference" label="Contribuição corrente" reference={{ module: 'tipo_debito' }} />
        <KindField source="default_agreement_type_id" kind="reference" label="Tipo de acordo padrão" reference={{ module: 'tipo_acordo' }} />
      </Box>
    </RecordContextProvider>
  );
}
