/** What the service worker's life logs (spec 000 §8: ready, cached, updated, offline, error), in pt-BR. */
export const SERVICE_WORKER_LOGS = {
  ready: 'Service worker pronto: o sistema é servido a partir do cache.',
  cached: 'Conteúdo guardado para uso offline.',
  updated: 'Nova versão do sistema disponível; recarregue a página para usá-la.',
  offline: 'Sem conexão com a internet: o sistema funciona em modo offline.',
  error: 'Erro no registro do service worker:',
} as const;

export type ServiceWorkerEvent = keyof typeof SERVICE_WORKER_LOGS;
