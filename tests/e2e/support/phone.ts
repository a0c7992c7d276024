import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { animationsFinished } from './settle';

/**
 * A picture of `section` on a 390 px phone: the page at the phone's width, the section in the middle
 * of the screen, no sideways scroll checked, the picture of the screen (a form's toolbar is fixed to
 * its bottom) taken to `path`; then back to a desktop's 1366 px.
 */
export async function pictureOnPhone(page: Page, section: Locator, path: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await animationsFinished(page);
  await section.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0);
  await page.screenshot({ path });
  await page.setViewportSize({ width: 1366, height: 900 });
}
