import { useEffect, useState } from 'react';
import { useDataProvider } from 'ra-core';

/**
 * Whether the list offers 'Importar': the person may create the module's records (`allowed`) and the
 * data provider says the module's records come from spreadsheets (`importsSheets`, answered as a
 * promise, as react-admin's provider answers every call).
 */
export function useImports(resource: string, allowed: boolean): boolean {
  const provider = useDataProvider() as unknown as { importsSheets(module: string): Promise<boolean> };
  const [imports, setImports] = useState(false);
  useEffect(() => {
    let current = true;
    setImports(false);
    if (!allowed) return;
    try {
      provider.importsSheets(resource).then((answer) => current && setImports(answer === true), () => undefined);
    } catch {
      // A data provider without imports offers none.
    }
    return () => {
      current = false;
    };
  }, [provider, resource, allowed]);
  return imports;
}
