import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { preloadable } from './preloadable';
import { Loading } from './layout/Loading';

// Chunks loaded on demand: the bare pages (login, password recovery), and the react-admin shell behind them.
const LoginPage = lazy(() => import('./pages/LoginPage'));
const RecoveryRequestPage = lazy(() => import('./pages/bare/RecoveryRequestPage'));
const PasswordResetPage = lazy(() => import('./pages/bare/PasswordResetPage'));
/** The shell, loaded by `main.tsx` ahead of the first render when a token is held. */
export const AdminShell = preloadable(() => import('./AdminShell'));


const loaded = (page: ReactNode) => <Suspense fallback={<Loading />}>{page}</Suspense>;

/**
 * A data router (navigation can be confirmed before leaving a page): `/login` is a light page of its
 * own; every other path belongs to the admin shell, which sends people without a token back to it.
 */
const router = createBrowserRouter([
  { path: '/login', element: loaded(<LoginPage />) },
  { path: '/recuperar_senha', element: loaded(<RecoveryRequestPage />) },
  { path: '/recuperar_senha/:token', element: loaded(<PasswordResetPage />) },
  { path: '*', element: loaded(<AdminShell />) },
]);

export function App() {
  return <RouterProvider router={router} />;
}
