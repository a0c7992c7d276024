import { useCallback, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { authProvider, session } from '../services';
import { PASSWORD_CHANGE_PATH } from '../providers/authProvider';
import { usePageTitle } from '../layout/usePageTitle';
import { BareCard } from './bare/BareCard';
import { BareField } from './bare/BareField';
import { BareAlert, BareNotice } from './bare/BareAlert';

/** What the login says of a field left blank. */
export const MISSING = { email: 'Informe o e-mail.', password: 'Informe a senha.' } as const;

interface LoginState {
  nextPathname?: string;
  nextSearch?: string;
  /** A success message brought from another bare page (e.g. the new password was saved). */
  notice?: string;
}

/** Where to go after logging in: the page the session ended on, else the one asked for (not after 'Sair'), else home. */
function destination(state: LoginState | null): string {
  const asked = state?.nextPathname ? state.nextPathname + (state.nextSearch ?? '') : null;
  const wanted = session.returnTo() || asked;
  return wanted && !wanted.startsWith('/login') && !wanted.startsWith('/recuperar_senha') ? wanted : '/';
}

/**
 * The bare login page, light on purpose (plain elements, no UI library): the admin shell loads
 * after it. 'Espaço' (prefilled from `?espaco=nome`) chooses the tenant space. A person who still holds a token goes home.
 */
export default function LoginPage() {
  usePageTitle('Entrar');
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as LoginState | null;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // The space to enter: `?espaco=` when the link names one, else the one used last (blank: the main space).
  const [space, setSpace] = useState(() => new URLSearchParams(location.search).get('espaco') ?? session.tenant() ?? '');
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<{ email?: string; password?: string }>({});
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState(state?.notice ?? null);
  const closeNotice = useCallback(() => setNotice(null), []);
  if (session.token() && !pending) return <Navigate to="/" replace />;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setError(null);
    // The button is never disabled: pressed with a field left blank, it says which and goes there.
    const blank = { email: email.trim() ? undefined : MISSING.email, password: password ? undefined : MISSING.password };
    setMissing(blank);
    if (blank.email || blank.password) {
      document.getElementById(blank.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    setPending(true);
    session.setTenant(space.trim() || null);
    try {
      await authProvider.login({ email, password });
      const target = session.mustChangePassword() ? PASSWORD_CHANGE_PATH : destination(state);
      session.setReturnTo(null);
      navigate(target, { replace: true });
    } catch (failure) {
      setError((failure as Error).message);
      setPending(false);
    }
  };
  return (
    <BareCard label="Entrar" onSubmit={submit}>
      {error && <BareAlert severity="error">{error}</BareAlert>}
      <BareField id="login-email" label="E-mail" type="email" autoComplete="username" value={email} onChange={setEmail} autoFocus error={missing.email} />
      <BareField id="login-password" label="Senha" type="password" autoComplete="current-password" value={password} onChange={setPassword} error={missing.password} />
      <BareField id="login-space" label="Espaço" type="text" autoComplete="organization" value={space} onChange={setSpace} required={false} helperText="Deixe em branco para entrar no espaço principal." />
      <button type="submit" className="btn btn-contained btn-large" aria-busy={pending || undefined}>
        {pending ? <span className="spinner" role="progressbar" aria-label="Entrando" /> : 'Entrar'}
      </button>
      <Link to="/recuperar_senha" className="link">
        Esqueci minha senha
      </Link>
      {notice && <BareNotice message={notice} onClose={closeNotice} />}
    </BareCard>
  );
}
