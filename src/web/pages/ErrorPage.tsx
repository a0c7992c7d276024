import { Link } from 'react-router-dom';
import { PageTitle } from '../layout/PageTitle';

/** `/erro`: where a route the person may not open sends them. */
export function ErrorPage() {
  return (
    <section className="card">
      <PageTitle title="Erro" />
      <h1>Acesso não permitido</h1>
      <p>Você não tem permissão para acessar esta página.</p>
      <Link to="/" className="btn btn-contained">
        Voltar ao início
      </Link>
    </section>
  );
}
