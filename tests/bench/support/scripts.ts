import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

export interface LoadedScript {
  url: string;
  bytes: number;
  gzipped: number;
  /** What the person was doing when it loaded. */
  phase: string;
}

/** Records every response of type script the page receives, its body gzipped (level 9) to count. */
export function recordScripts(page: Page): { scripts: LoadedScript[]; phase: { current: string }; settled(): Promise<void> } {
  const scripts: LoadedScript[] = [];
  const phase = { current: 'start' };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const at = phase.current;
    pending.push(
      response.body().then(
        (body) => void scripts.push({ url: response.url(), bytes: body.length, gzipped: gzipSync(body, { level: 9 }).length, phase: at }),
        () => undefined,
      ),
    );
  });
  return { scripts, phase, settled: async () => void (await Promise.all(pending)) };
}

export const sum = (scripts: LoadedScript[]) => scripts.reduce((total, s) => total + s.gzipped, 0);

/** Installed before any page script: marks the frame after the 100th body row appears. */
export const ROWS_PAINTED_MARK = `
  window.__rowsPainted = null;
  const check = () => {
    if (document.querySelectorAll('tbody tr').length < 100) return false;
    requestAnimationFrame(() => setTimeout(() => { window.__rowsPainted = performance.now(); }, 0));
    return true;
  };
  new MutationObserver((_, observer) => { if (check()) observer.disconnect(); }).observe(document, { childList: true, subtree: true });
`;

/** Navigates and returns ms from navigation start to the mark above. */
export async function timeToRows(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as any).__rowsPainted !== null, undefined, { timeout: 60_000, polling: 50 });
  return page.evaluate(() => (window as any).__rowsPainted as number);
}
