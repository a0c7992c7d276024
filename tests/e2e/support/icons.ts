import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './build-client';

/**
 * The drawing of one of MUI's icons (`Calculate`, `Save`): its path's `d`, read from the package the
 * client is built with. A production build marks an icon with nothing else (MUI names it in
 * `data-testid` only in development), so a page's icon is known by what it draws.
 */
export function iconDrawing(name: string): string {
  const source = readFileSync(join(root, 'node_modules/@mui/icons-material/esm', `${name}.js`), 'utf8');
  const drawing = /\bd: "([^"]+)"/.exec(source)?.[1];
  if (!drawing) throw new Error(`no single path in the icon ${name}`);
  return drawing;
}
