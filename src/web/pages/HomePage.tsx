import { useEffect } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title, useGetIdentity, useStoreContext } from 'react-admin';
import { unsavedChanges } from '../kit/unsavedChanges';
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
    <Card sx={{ mt: 2 }}>
      <Title title="Início" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {identity?.fullName ? `Bem-vindo, ${identity.fullName}` : 'Bem-vindo'}
        </Typography>
        <Typography>Escolha um cadastro no menu para começar.</Typography>
      </CardContent>
    </Card>
  );
}
