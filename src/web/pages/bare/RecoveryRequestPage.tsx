import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { http, session } from '../../services';
import { usePageTitle } from '../../layout/usePageTitle';
import { BareCard } from './BareCard';
import { BareField } from './BareField';
import { BareAlert } from './BareAlert';
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
    if (pending) return;
    // The button is never disabled: pressed with the address left blank, it says so there.
    if (!email.trim()) {
      setFailure({ message: '', fields: { email: 'Informe o e-mail.' } });
      document.getElementById('recovery-email')?.focus();
      return;
    }
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
      <h2>Recuperar senha</h2>
      {sent ? (
        <BareAlert severity="success">{RECOVERY_SENT}</BareAlert>
      ) : (
        <>
          <p>Informe o e-mail da sua conta para receber um link de redefinição de senha.</p>
          {failure?.message && !failure.fields.email && <BareAlert severity="error">{failure.message}</BareAlert>}
          <BareField id="recovery-email" label="E-mail" type="email" autoComplete="username" value={email} onChange={setEmail} autoFocus error={failure?.fields.email} />
          <button type="submit" className="btn btn-contained btn-large" aria-busy={pending || undefined}>
            Enviar link
          </button>
        </>
      )}
      <Link to="/login" className="link">
        Voltar ao login
      </Link>
    </BareCard>
  );
}
