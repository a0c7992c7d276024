import { existsSync, renameSync } from 'node:fs';
import { buildServer } from '../../support/server-build';
import { sweepOtherEditions } from '../../support/templates';
import { PRODUCT_TEMPLATE, startOwnProduct } from './product';

/**
 * Vitest global setup of both projects (the browser tests' after the client's build): the compiled
 * server, and the data folder of a first start (`PRODUCT_TEMPLATE`, server-build.ts), built when this
 * edition of the migrations has none; those of other editions are removed.
 */
export default async function buildProductTemplate(): Promise<void> {
  // The server the products run, compiled as `npm start` compiles it (only when its sources changed).
  await buildServer();
  sweepOtherEditions('conselho-product-template-', PRODUCT_TEMPLATE);
  if (existsSync(PRODUCT_TEMPLATE)) return;
  const product = await startOwnProduct({}, undefined, 300);
  await product.stop({ keepData: true });
  // Whole or not at all: a folder is a template only once the product that made it has stopped.
  renameSync(product.dataDir, PRODUCT_TEMPLATE);
}
