import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider, useRouteError } from 'react-router-dom';
import { preloadable } from './preloadable';
import { Loading } from './layout/Loading';
import { loadChunk } from './chunks';
// The login page is in the entry: its form is in the first frame the browser paints.
import LoginPage from './pages/LoginPage';

// Chunks loaded on demand: the password recovery pages, and the react-admin shell behind them.
const RecoveryRequestPage = lazy(() => loadChunk(() => import('./pages/bare/RecoveryRequestPage')));
const PasswordResetPage = lazy(() => loadChunk(() => import('./pages/bare/PasswordResetPage')));
/** The shell, loaded by `main.tsx` ahead of the first render when a token is held. */
export const AdminShell = preloadable(() => import('./AdminShell'));

const loaded = (page: ReactNode) => <Suspense fallback={<Loading />}>{page}</Suspense>;

/** A page whose code did not arrive (the shell's own chunk, a recovery page): why, and a way to try again. */
function BareFailure() {
  const error = useRouteError() as Error | undefined;
  return (
    <main className="bare">
      <div className="bare-card" role="alert">
        <h1>Erro</h1>
        <p>{error?.message || 'Houve um erro ao tentar processar a sua requisição'}</p>
        <button type="button" className="btn btn-contained" onClick={() => window.location.reload()}>
          Tentar de novo
        </button>
      </div>
    </main>
  );
}

/**
 * A data router (navigation can be confirmed before leaving a page): `/login` is a light page of its
 * own; every other path belongs to the admin shell, which sends people without a token back to it.
 */
const router = createBrowserRouter([
  { path: '/login', element: <LoginPage />, errorElement: <BareFailure /> },
  { path: '/recuperar_senha', element: loaded(<RecoveryRequestPage />), errorElement: <BareFailure /> },
  { path: '/recuperar_senha/:token', element: loaded(<PasswordResetPage />), errorElement: <BareFailure /> },
  { path: '*', element: loaded(<AdminShell />), errorElement: <BareFailure /> },
]);

export function App() {
  return <RouterProvider router={router} />;
}
