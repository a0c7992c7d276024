import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminShell, App } from './App';
import { registerServiceWorker } from './offline/registerServiceWorker';
import { paintStoredColour } from '@kit/frontSettings';
import { warmStart } from './warmStart';
import './styles.css';

// The council's theme colour from the last visit, before the first paint (the load confirms it).
paintStoredColour();

// A person who holds a token is going to the admin shell: its chunk, the permissions, the module's
// chunk and a list's first page all start now, side by side, and the first render waits (briefly) for
// the chunks so that nothing suspends on the way to the screen.
const bare = /^\/(login|recuperar_senha)(\/|$)/.test(window.location.pathname);
const ahead = bare || !window.localStorage.getItem('token')
  ? Promise.resolve()
  : Promise.race([
      Promise.all([AdminShell.preload(), warmStart(window.location)]),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]).catch(() => undefined);

void ahead.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// Production builds only: the development server has no service worker to register.
if (import.meta.env.PROD) registerServiceWorker(`${import.meta.env.BASE_URL}sw.js`);
