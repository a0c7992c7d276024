import { useEffect, useState, type ReactNode } from 'react';
import { useDataProvider } from 'react-admin';
import { RuntimeDefaults } from '@kit';
import type { InstitutionProvider } from '../../providers/institution';

/**
 * The person form's new work relations start with the institution as their employer (read from
 * `GET /api/instituicao` as the form opens); without one set, the employer starts empty.
 */
export function DefaultEmployer({ children }: { children: ReactNode }) {
  const provider = useDataProvider() as unknown as InstitutionProvider;
  const [defaults, setDefaults] = useState<Record<string, unknown>>({});
  useEffect(() => {
    let open = true;
    provider.readInstitution().then(
      (settings) => {
        if (open && settings.institution_id !== null) setDefaults({ 'work_relations.employer_id': settings.institution_id });
      },
      // The relation's employer is chosen by hand then, as before.
      (error: unknown) => console.warn(`instituição: ${(error as Error)?.message ?? error}`),
    );
    return () => {
      open = false;
    };
  }, [provider]);
  return <RuntimeDefaults.Provider value={defaults}>{children}</RuntimeDefaults.Provider>;
}
