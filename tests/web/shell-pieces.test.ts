import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_MESSAGES, CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from '../../src/web/chunks';
import { DEFAULT_TOASTS, toastText } from '../../src/web/layout/toastText';
import { pageTitle } from '../../src/web/layout/pageTitle';
import { comboFailure } from '../../src/web/providers/dataProvider';
import { SERVICE_WORKER_LOGS } from '../../src/web/offline/messages';

describe('loading a chunk', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up after 120 seconds with the pt-BR timeout message', async () => {
    vi.useFakeTimers();
    const never = loadChunk(() => new Promise(() => undefined));
    const outcome = never.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toBe(CHUNK_MESSAGES.timeout);
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('tells a stylesheet that did not load from a script that did not', async () => {
    await expect(loadChunk(() => Promise.reject(new Error('Unable to preload CSS for /assets/x.css')))).rejects.toThrow(CHUNK_MESSAGES.stylesheet);
    await expect(loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))).rejects.toThrow(CHUNK_MESSAGES.failed);
    await expect(loadChunk(() => Promise.resolve('ok'))).resolves.toBe('ok');
  });
});

describe('the words of the shell', () => {
  it("gives a toast without words the spec's defaults, by kind", () => {
    expect(toastText('', 'error')).toBe(DEFAULT_TOASTS.failed);
    expect(toastText(undefined, 'warning')).toBe(DEFAULT_TOASTS.failed);
    expect(toastText(null, 'success')).toBe(DEFAULT_TOASTS.succeeded);
    expect(toastText('Registro salvo.', 'success')).toBe('Registro salvo.');
  });

  it('names the list a combo failed to load', () => {
    expect(comboFailure('UF')).toBe('Não foi possível carregar a lista de UF');
  });

  it('logs each of the service worker events the spec names', () => {
    expect(Object.keys(SERVICE_WORKER_LOGS)).toEqual(['ready', 'cached', 'updated', 'offline', 'error']);
  });

  it("titles the dashboard 'Painel'", () => {
    expect(pageTitle('/dashboard', () => undefined)).toBe('Painel');
  });
});
