import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { http, session } from '../../services';
import { usePageTitle } from '../../layout/usePageTitle';
import { BareCard } from './BareCard';
import { BareField } from './BareField';
import { BareAlert } from './BareAlert';
import { failureOf, type Failure } from './failure';

type LinkCheck = { state: 'checking' } | { state: 'valid'; email: string } | { state: 'invalid'; message: string };

/**
 * `/recuperar_senha/{token}`: the link of the recovery mail. The token is checked first; a valid one
 * opens the new-password form, after which the person logs in again with a success message.
 */
export default function PasswordResetPage() {
  usePageTitle('Redefinir senha');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [link, setLink] = useState<LinkCheck>({ state: 'checking' });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    let active = true;
    http<{ data: { email: string } }>({ path: `/api/password/reset/${encodeURIComponent(token)}` })
      .then(({ json }) => active && setLink({ state: 'valid', email: json.data.email }))
      .catch((error) => active && setLink({ state: 'invalid', message: failureOf(error).message }));
    return () => {
      active = false;
    };
  }, [token]);
  if (session.token()) return <Navigate to="/" replace />;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    // The button is never disabled: pressed with a field left blank, it says which and goes there.
    const blank: Record<string, string> = {};
    if (!password) blank.password = 'Informe a nova senha.';
    if (!confirmation) blank.password_confirmation = 'Informe a confirmação da senha.';
    if (Object.keys(blank).length) {
      setFailure({ message: '', fields: blank });
      document.getElementById(blank.password ? 'reset-password' : 'reset-confirmation')?.focus();
      return;
    }
    setFailure(null);
    setPending(true);
    try {
      const { json } = await http<{ message?: string }>({ method: 'POST', path: '/api/password/reset', body: { token, password, password_confirmation: confirmation } });
      navigate('/login', { replace: true, state: { notice: json.message || 'Senha alterada com sucesso.' } });
    } catch (error) {
      const refused = failureOf(error);
      if (refused.fields.token || (!Object.keys(refused.fields).length && refused.message)) setLink({ state: 'invalid', message: refused.message });
      setFailure(refused);
      setPending(false);
    }
  };
  return (
    <BareCard label="Redefinir senha" onSubmit={submit}>
      <h2>Redefinir senha</h2>
      {link.state === 'checking' && <span className="spinner" role="progressbar" aria-label="Verificando o link" style={{ justifySelf: 'center', color: 'var(--primary)' }} />}
      {link.state === 'invalid' && <BareAlert severity="error">{link.message}</BareAlert>}
      {link.state === 'valid' && (
        <>
          <p>Defina a nova senha de {link.email}.</p>
          <BareField id="reset-password" label="Nova senha" type="password" autoComplete="new-password" value={password} onChange={setPassword} autoFocus error={failure?.fields.password} />
          <BareField id="reset-confirmation" label="Confirmação da senha" type="password" autoComplete="new-password" value={confirmation} onChange={setConfirmation} error={failure?.fields.password_confirmation} />
          <button type="submit" className="btn btn-contained btn-large" aria-busy={pending || undefined}>
            Salvar
          </button>
        </>
      )}
      <Link to={link.state === 'invalid' ? '/recuperar_senha' : '/login'} className="link">
        {link.state === 'invalid' ? 'Pedir um novo link' : 'Voltar ao login'}
      </Link>
    </BareCard>
  );
}
