import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../layout/usePageTitle';

/** Unknown paths: a bare page covering the frame, with a way home. */
export function NotFoundPage() {
  usePageTitle('Página não encontrada');
  return (
    <Box
      component="main"
      sx={{ position: 'fixed', inset: 0, zIndex: (theme) => theme.zIndex.modal + 1, bgcolor: 'background.default', display: 'grid', placeItems: 'center', textAlign: 'center' }}
    >
      <div>
        <Typography variant="h3" component="h1" gutterBottom>
          Página não encontrada
        </Typography>
        <Typography gutterBottom>O endereço digitado está incorreto ou o link seguido não existe.</Typography>
        <Button component={Link} to="/" variant="contained">
          Voltar ao início
        </Button>
      </div>
    </Box>
  );
}
