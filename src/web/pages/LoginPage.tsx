import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLogin } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { session } from '../services';
import { usePageTitle } from '../layout/usePageTitle';
import { storedSystemName } from '../layout/pageTitle';

/** The bare login page. `?espaco=nome` chooses the tenant space the session belongs to. */
export function LoginPage() {
  usePageTitle('Entrar');
  const login = useLogin();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    const space = new URLSearchParams(window.location.search).get('espaco');
    if (space !== null) session.setTenant(space || null);
    const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
    const returnTo = session.returnTo() || (state?.nextPathname ? state.nextPathname + (state.nextSearch ?? '') : null);
    try {
      await login({ email, password }, returnTo && !returnTo.startsWith('/login') ? returnTo : '/');
      session.setReturnTo(null);
    } catch (failure) {
      setError((failure as Error).message);
      setPending(false);
    }
  };
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent component="form" onSubmit={submit} noValidate aria-label="Entrar" sx={{ display: 'grid', gap: 2, p: 4 }}>
          <Typography variant="h5" component="h1" textAlign="center">
            {storedSystemName()}
          </Typography>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField label="E-mail" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required autoFocus />
          <TextField label="Senha" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
          <Button type="submit" variant="contained" size="large" disabled={pending || !email || !password}>
            {pending ? <CircularProgress size={24} color="inherit" aria-label="Entrando" /> : 'Entrar'}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
