import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Navigate } from 'react-router-dom';
import { http, session } from '../../services';
import { usePageTitle } from '../../layout/usePageTitle';
import { BareCard } from './BareCard';
import { BareField } from './BareField';
import { failureOf, type Failure } from './failure';

export const RECOVERY_SENT = 'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.';

/** `/recuperar_senha`: asks for a reset link by e-mail; the answer never tells whether the address exists. */
export default function RecoveryRequestPage() {
  usePageTitle('Recuperar senha');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState(false);
  if (session.token()) return <Navigate to="/" replace />;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setPending(true);
    try {
      await http({ method: 'POST', path: '/api/password/email', body: { email } });
      setSent(true);
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <BareCard label="Recuperar senha" onSubmit={submit}>
      <Typography variant="subtitle1" component="h2" textAlign="center">
        Recuperar senha
      </Typography>
      {sent ? (
        <Alert severity="success" role="status">
          {RECOVERY_SENT}
        </Alert>
      ) : (
        <>
          <Typography variant="body2">Informe o e-mail da sua conta para receber um link de redefinição de senha.</Typography>
          {failure?.message && !failure.fields.email && (
            <Alert severity="error" role="alert">
              {failure.message}
            </Alert>
          )}
          <BareField id="recovery-email" label="E-mail" type="email" autoComplete="username" value={email} onChange={setEmail} autoFocus error={failure?.fields.email} />
          <Button type="submit" variant="contained" size="large" disabled={pending || !email}>
            Enviar link
          </Button>
        </>
      )}
      <Link component={RouterLink} to="/login" textAlign="center" variant="body2">
        Voltar ao login
      </Link>
    </BareCard>
  );
}
