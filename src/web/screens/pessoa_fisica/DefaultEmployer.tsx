import { useEffect, useState, type ReactNode } from 'react';
import { LinearProgress, useDataProvider } from 'react-admin';
import { RuntimeDefaults } from '@kit';
import type { InstitutionProvider } from '../../providers/institution';

/**
 * The person form's new work relations start with the institution as their employer (read from
 * `GET /api/instituicao` as the form opens); without one set, the employer starts empty. The form
 * waits for that answer: a relation added before it arrived would start empty on a slow network.
 */
export function DefaultEmployer({ children }: { children: ReactNode }) {
  const provider = useDataProvider() as unknown as InstitutionProvider;
  const [defaults, setDefaults] = useState<Record<string, unknown> | null>(null);
  useEffect(() => {
    let open = true;
    provider.readInstitution().then(
      (settings) => {
        if (open) setDefaults(settings.institution_id === null ? {} : { 'work_relations.employer_id': settings.institution_id });
      },
      (error: unknown) => {
        // The relation's employer is chosen by hand then.
        console.warn(`instituição: ${(error as Error)?.message ?? error}`);
        if (open) setDefaults({});
      },
    );
    return () => {
      open = false;
    };
  }, [provider]);
  if (defaults === null) return <LinearProgress />;
  return <RuntimeDefaults.Provider value={defaults}>{children}</RuntimeDefaults.Provider>;
}
