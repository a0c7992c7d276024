/** Spec 000 §9: how long a chunk (a screen's code) may take to arrive. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** The pt-BR words of the chunk failures (spec 000 §8: a stylesheet failure has its own). */
export const CHUNK_MESSAGES = {
  timeout: 'Esta tela não carregou em 120 segundos. Verifique a conexão e tente de novo.',
  failed: 'Não foi possível carregar esta tela. Verifique a conexão e tente de novo.',
  stylesheet: 'Não foi possível carregar os estilos desta tela. Verifique a conexão e tente de novo.',
} as const;

/** A chunk that did not arrive; `reason` says why (its message is the one people read). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(readonly reason: keyof typeof CHUNK_MESSAGES, override readonly cause?: unknown) {
    super(CHUNK_MESSAGES[reason]);
  }
}

/** Vite's preload helper fails a dynamic import whose stylesheet did not load with this message. */
const STYLESHEET_FAILURE = /unable to preload css/i;

/**
 * A dynamic import that gives up after `CHUNK_TIMEOUT_MS` and fails in pt-BR: the screen's error
 * boundary then shows why, and the next visit asks for the chunk again.
 * @example const Page = lazy(() => loadChunk(() => import('./Page')));
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
  });
  const loading = load().catch((error: unknown) => {
    if (error instanceof ChunkLoadError) throw error;
    throw new ChunkLoadError(STYLESHEET_FAILURE.test(String((error as Error)?.message)) ? 'stylesheet' : 'failed', error);
  });
  return Promise.race([loading, late]).finally(() => clearTimeout(timer));
}
