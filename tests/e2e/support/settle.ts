import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits for states, never for a length of time: what a test checks after a step that must leave
 * something unchanged (a field not reset, a code not looked up) is read once the page has nothing
 * left in progress, and a picture is taken once the page has stopped moving.
 */

const inFlight = new WeakMap<Page, Set<unknown>>();

/** The page's requests still in progress, counted from the first call on that page. */
function requestsOf(page: Page): Set<unknown> {
  let requests = inFlight.get(page);
  if (!requests) {
    const open = new Set<unknown>();
    page.on('request', (request) => open.add(request));
    page.on('requestfinished', (request) => open.delete(request));
    page.on('requestfailed', (request) => open.delete(request));
    inFlight.set(page, open);
    requests = open;
  }
  return requests;
}

/** Two animation frames: the effects of the last event handled and the render they caused. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/**
 * The page at rest: no request in flight, the renders they caused done, no animation running.
 * Call it once before the step (it counts from then on), and again after it.
 */
export async function settled(page: Page): Promise<void> {
  const requests = requestsOf(page);
  await expect.poll(() => requests.size).toBe(0);
  await nextFrames(page);
  await animationsFinished(page);
  await expect.poll(() => requests.size).toBe(0);
}

/** Every CSS transition and animation of the document at its end (a drawer slid away, a dialog faded in). */
export async function animationsFinished(page: Page): Promise<void> {
  // Endless ones (a spinner) have no end to wait for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
}

/** A gate a routed request waits at (`passed`) until the test has seen what it wanted to see meanwhile (`open()`). */
export function gate(): { passed: Promise<void>; open(): void } {
  let open!: () => void;
  const passed = new Promise<void>((resolve) => (open = resolve));
  return { passed, open };
}
