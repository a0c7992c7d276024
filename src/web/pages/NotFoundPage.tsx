import { Link } from 'react-router-dom';
import { usePageTitle } from '../layout/usePageTitle';
import { PageTitle } from '../layout/PageTitle';

/**
 * Unknown paths, inside the shell (the person is signed in: the menu and the top bar stay, so every
 * way on is at hand): what happened, back to where they came from, or home.
 */
export function NotFoundPage() {
  usePageTitle('Página não encontrada');
  return (
    <section className="card not-found-in-shell">
      <PageTitle title="Página não encontrada" />
      <h1>Página não encontrada</h1>
      <p>O endereço digitado está incorreto ou o link seguido não existe.</p>
      <div className="actions">
        {window.history.length > 1 && (
          <button type="button" className="btn" onClick={() => window.history.back()}>
            Voltar
          </button>
        )}
        <Link to="/" className="btn btn-contained">
          Voltar ao início
        </Link>
      </div>
    </section>
  );
}
