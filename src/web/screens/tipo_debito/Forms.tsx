import { useEffect, useState, type ReactNode } from 'react';
import GeneratedCreate from '@generated/web/tipo_debito/Create';
import GeneratedEdit from '@generated/web/tipo_debito/Edit';
import { inputs } from '@generated/web/tipo_debito/form';
import { preloadCombos } from '../../providers/preloadedCombos';
import { http } from '../../services';

type Option = { id: number; name: string };

/**
 * Asks `GET /api/tipo_debito/combos_formulario` once (spec 002 §3: the currency, the sequence and the
 * four settings from one combo call) and hands its options to the selects of those fields, by the
 * module each references, before the form shows; a failed call leaves each select to ask for itself.
 */
function WithFormCombos({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const fields = inputs('create') as Record<string, { reference?: { module: string } }>;
    http<{ data: Record<string, Option[]> }>({ path: '/api/tipo_debito/combos_formulario' })
      .then(({ json }) => {
        const byModule: Record<string, Option[]> = {};
        for (const [field, options] of Object.entries(json.data)) {
          const module = fields[field]?.reference?.module;
          if (module) byModule[module] = options;
        }
        preloadCombos(byModule);
      })
      .catch(() => undefined)
      .finally(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready ? children : null;
}

export function TipoDebitoCreate() {
  return (
    <WithFormCombos>
      <GeneratedCreate />
    </WithFormCombos>
  );
}

export function TipoDebitoEdit() {
  return (
    <WithFormCombos>
      <GeneratedEdit />
    </WithFormCombos>
  );
}
