import { Link } from 'react-router-dom';
import { usePageTitle } from '../layout/usePageTitle';

/** Unknown paths: a bare page covering the frame, with a way home. */
export function NotFoundPage() {
  usePageTitle('Página não encontrada');
  return (
    <section className="not-found">
      <div>
        <h1>Página não encontrada</h1>
        <p>O endereço digitado está incorreto ou o link seguido não existe.</p>
        <Link to="/" className="btn btn-contained">
          Voltar ao início
        </Link>
      </div>
    </section>
  );
}
