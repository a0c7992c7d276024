import { SERVICE_WORKER_LOGS, type ServiceWorkerEvent } from './messages';

type Log = (event: ServiceWorkerEvent, detail?: unknown) => void;

const consoleLog: Log = (event, detail) => {
  const line = `[service worker] ${SERVICE_WORKER_LOGS[event]}`;
  if (event === 'error') console.error(line, detail);
  else console.info(line);
};

/**
 * Registers the service worker the build writes (`/sw.js`, vite-plugin-pwa's Workbox), after the page
 * has loaded so it never competes with the first screen, and logs its life: ready (the page is served
 * by it), cached (first install: the shell is kept for offline use), updated (a new version took
 * over), offline (the connection dropped), error (registration failed).
 */
export function registerServiceWorker(url: string, log: Log = consoleLog): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('offline', () => log('offline'));
  const register = () => {
    const hadController = Boolean(navigator.serviceWorker.controller);
    navigator.serviceWorker
      .register(url, { scope: '/' })
      .then((registration) => {
        void navigator.serviceWorker.ready.then(() => log('ready'));
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'activated') log(hadController ? 'updated' : 'cached');
          });
        });
      })
      .catch((error: unknown) => {
        log(navigator.onLine ? 'error' : 'offline', error);
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
