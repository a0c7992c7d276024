import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageTitle } from '../../layout/PageTitle';
import { usePageTitle } from '../../layout/usePageTitle';
import { Loading } from '../../layout/Loading';
import { viewedPage, type ViewedPage } from './pages';

type State = { status: 'loading' } | { status: 'shown'; page: ViewedPage } | { status: 'failed'; message: string };

/**
 * A custom page inside the shell: its title and its content, the HTML the server sanitised when it
 * was saved and again when it was asked for (the custom pages' feature). Plain elements only.
 */
export default function CustomPageView() {
  const { uri = '', slug = '' } = useParams();
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    // A page opens at its top, wherever the menu link that led here was.
    window.scrollTo?.(0, 0);
    setState({ status: 'loading' });
    viewedPage(uri, slug).then(
      (page) => current && setState({ status: 'shown', page }),
      (error: { status?: number; message?: string }) => current && setState({ status: 'failed', message: error.status === 404 ? 'Página não encontrada.' : (error.message ?? 'Não foi possível abrir a página.') }),
    );
    return () => {
      current = false;
    };
  }, [uri, slug]);
  const title = state.status === 'shown' ? state.page.title : state.status === 'failed' ? 'Página não encontrada' : 'Página';
  usePageTitle(title);
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failed') {
    return (
      <div className="card custom-page" role="alert">
        <h1>Página não encontrada</h1>
        <p>{state.message}</p>
      </div>
    );
  }
  return (
    <article className="card custom-page">
      <PageTitle title={state.page.title} />
      <p className="category">{state.page.category}</p>
      <h1>{state.page.title}</h1>
      {/* Sanitised by the server (sanitize-html): no script, handler, style or unsafe URL survives. */}
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: state.page.content }} />
    </article>
  );
}
