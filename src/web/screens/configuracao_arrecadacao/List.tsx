import { lazy, Suspense, useEffect, useState } from 'react';
import type { RaRecord } from 'ra-core';
import { ResourceList } from '@kit/list';
import { list } from '@generated/web/configuracao_arrecadacao/List';
import { http } from '../../services';

// The setting's fields are the record view's (MUI): a chunk of their own, so the list stays plain.
const CurrentConfig = lazy(() => import('./CurrentConfig'));

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
    <section aria-label="Configuração em vigor" className="current-config">
      <h2>Configuração em vigor</h2>
      {current?.config ? (
        <Suspense fallback={null}>
          <CurrentConfig config={current.config} />
        </Suspense>
      ) : (
        current && <p>Nenhuma configuração em vigor hoje.</p>
      )}
    </section>
  );
  return <ResourceList {...list} intro={intro} />;
}
