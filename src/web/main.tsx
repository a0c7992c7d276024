import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

// A person who holds a token is going to the admin shell: its chunk, the permissions, the module's
// chunk and a list's first page all start now, side by side, rather than each waiting for the last.
const bare = /^\/(login|recuperar_senha)(\/|$)/.test(window.location.pathname);
if (!bare && window.localStorage.getItem('token')) {
  void import('./AdminShell');
  void import('./warmStart').then(({ warmStart }) => warmStart(window.location));
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
