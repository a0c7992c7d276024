/**
 * `npm run screens`: builds the client, starts the product on a fresh data folder and saves
 * screenshots of its screens under docs/screens/, each at a desktop and a phone width. To add a
 * screen, add a `Screen` (its file name, its address, the data it needs, what to wait for) to one
 * of the lists below, or a list of its own beside them.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import buildClient, { root } from '../e2e/support/build-client';
import { startProduct } from '../e2e/support/product';
import { dashboardScreens } from './dashboard';
import { listScreens } from './lists';
import { capture } from './screens';
import { sequenceScreens } from './sequences';

const SCREENS = [...dashboardScreens, ...listScreens, ...sequenceScreens];

async function main() {
  const outDir = join(root, 'docs/screens');
  mkdirSync(outDir, { recursive: true });
  buildClient();
  const product = await startProduct();
  try {
    for (const file of await capture(product, SCREENS, outDir)) console.log(file.slice(root.length + 1));
  } finally {
    await product.stop();
  }
}

await main();
