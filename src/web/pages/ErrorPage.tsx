import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { Title } from 'react-admin';

/** `/erro`: where a route the person may not open sends them. */
export function ErrorPage() {
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Erro" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Acesso não permitido
        </Typography>
        <Typography gutterBottom>Você não tem permissão para acessar esta página.</Typography>
        <Button component={Link} to="/" variant="contained">
          Voltar ao início
        </Button>
      </CardContent>
    </Card>
  );
}
