import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import CssBaseline from '@mui/material/CssBaseline';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { authProvider, session } from '../services';
import { usePageTitle } from '../layout/usePageTitle';
import { storedSystemName } from '../layout/pageTitle';
import { BRAND } from '../brand';

const loginTheme = createTheme({ palette: { primary: { main: BRAND.primary, contrastText: '#fff' } } });

/** Where to go after logging in: the page the session ended on, else the one asked for, else home. */
function destination(state: { nextPathname?: string; nextSearch?: string } | null): string {
  const wanted = session.returnTo() || (state?.nextPathname ? state.nextPathname + (state.nextSearch ?? '') : null);
  return wanted && !wanted.startsWith('/login') ? wanted : '/';
}

/**
 * The bare login page, light on purpose (MUI inputs only, no react-admin): the admin shell loads
 * after it. `?espaco=nome` chooses the tenant space. A person who still holds a token goes home.
 */
export default function LoginPage() {
  usePageTitle('Entrar');
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (session.token() && !pending) return <Navigate to="/" replace />;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    const space = new URLSearchParams(location.search).get('espaco');
    if (space !== null) session.setTenant(space || null);
    try {
      await authProvider.login({ email, password });
      const target = destination(location.state as { nextPathname?: string } | null);
      session.setReturnTo(null);
      navigate(target, { replace: true });
    } catch (failure) {
      setError((failure as Error).message);
      setPending(false);
    }
  };
  return (
    <ThemeProvider theme={loginTheme}>
      <CssBaseline />
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
            <LoginField id="login-email" label="E-mail" type="email" autoComplete="username" value={email} onChange={setEmail} autoFocus />
            <LoginField id="login-password" label="Senha" type="password" autoComplete="current-password" value={password} onChange={setPassword} />
            <Button type="submit" variant="contained" size="large" disabled={pending || !email || !password}>
              {pending ? <CircularProgress size={24} color="inherit" aria-label="Entrando" /> : 'Entrar'}
            </Button>
          </CardContent>
        </Card>
      </Box>
    </ThemeProvider>
  );
}

interface LoginFieldProps {
  id: string;
  label: string;
  type: string;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}

/** An outlined text field built from its parts (MUI's TextField would bring selects and menus along). */
function LoginField({ id, label, onChange, ...input }: LoginFieldProps) {
  return (
    <FormControl variant="outlined" required fullWidth>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={`${label} *`} onChange={(e) => onChange(e.target.value)} {...input} />
    </FormControl>
  );
}
