import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, screenshotOnFailure, startProduct, type BrowserOptions, type ProductPlace, type RunningProduct } from './product';

/** The product and a Chromium page of a browser test file, as its tests read them. */
export interface BrowserSession {
  readonly product: RunningProduct;
  readonly page: Page;
}

/**
 * Starts the product and a pt-BR page before the file's tests, keeps a screenshot of a failing step,
 * and stops both after them: the set-up browser test files share.
 * @example const session = browserSession(); it('…', async () => { await logIn(session.page, session.product); });
 */
export function browserSession(
  env: Record<string, string> = {},
  place?: () => ProductPlace | Promise<ProductPlace>,
  browserOptions: Pick<BrowserOptions, 'pdfViewer'> = {},
): BrowserSession {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  // A fixture project is made at its first use in a run (fixture-project.ts): minutes on a busy machine.
  beforeAll(async () => {
    product = await startProduct(env, await place?.());
    browser = await launchBrowser(browserOptions);
    page = await browser.newPage({ locale: 'pt-BR' });
  }, place ? 600_000 : undefined);
  beforeEach((context) => screenshotOnFailure(() => page, context));
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });
  return {
    get product() {
      if (!product) throw new Error('the product has not started');
      return product;
    },
    get page() {
      if (!page) throw new Error('the browser has not started');
      return page;
    },
  };
}
