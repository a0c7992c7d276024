import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title, useGetIdentity } from 'react-admin';

/** The home page. */
export function HomePage() {
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
