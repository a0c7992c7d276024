import { useEffect } from 'react';
import { useGetIdentity, useStoreContext } from 'ra-core';
import { unsavedChanges } from '@kit/unsavedChanges';
import { PageTitle } from '../layout/PageTitle';
import { screenResources } from '../resources/screens';

/** Entering home resets form state: no unsaved-change marks, no rows left selected in any list. */
function useResetFormState() {
  const store = useStoreContext();
  useEffect(() => {
    unsavedChanges.clear();
    for (const resource of screenResources) store.removeItem(`${resource.name}.selectedIds`);
  }, [store]);
}

/** The home page. */
export function HomePage() {
  useResetFormState();
  const { identity } = useGetIdentity();
  return (
    <section className="card">
      <PageTitle title="Início" />
      <h1>{identity?.fullName ? `Bem-vindo, ${identity.fullName}` : 'Bem-vindo'}</h1>
      <p>Escolha um cadastro no menu para começar.</p>
    </section>
  );
}
