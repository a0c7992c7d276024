import { useEffect, useState } from 'react';
import { RecordContextProvider, type RaRecord } from 'ra-core';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { KindField } from '@kit';
import { ResourceList } from '@kit/list';
import { list } from '@generated/web/configuracao_arrecadacao/List';
import { choices } from '@generated/web/configuracao_arrecadacao/choices';
import { http } from '../../services';

/** What the in-force panel shows of the setting: when it started, the currency, the totalization, the contribution and the agreement type. */
function CurrentConfig({ config }: { config: RaRecord }) {
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

/**
 * The revenue settings' list, with the setting in force today above it: the list answer's
 * `current_config` (docs/FINANCE.md 'Revenue setting'), or a line saying none is in force yet.
 */
export function ConfiguracaoArrecadacaoList() {
  const [current, setCurrent] = useState<{ config: RaRecord | null } | undefined>();
  useEffect(() => {
    let live = true;
    http<{ current_config: RaRecord | null }>({ path: '/api/configuracao_arrecadacao', query: { per_page: 1 } })
      .then(({ json }) => live && setCurrent({ config: json.current_config }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const intro = (
    <Box component="section" aria-label="Configuração em vigor" sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        Configuração em vigor
      </Typography>
      {current?.config ? <CurrentConfig config={current.config} /> : current && <Typography variant="body2">Nenhuma configuração em vigor hoje.</Typography>}
    </Box>
  );
  return <ResourceList {...list} intro={intro} />;
}
