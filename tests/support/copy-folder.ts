import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Copies a folder's contents into a folder (made when missing), as `cp -R source/. destination`. A migrated PGlite folder holds about 2,000 files:
 * Node's `cpSync` spends seconds on them on a busy machine where `cp` takes a fraction of one.
 */
export function copyFolder(source: string, destination: string): void {
  mkdirSync(dirname(destination), { recursive: true });
  if (process.platform === 'win32') cpSync(source, destination, { recursive: true });
  else execFileSync('cp', ['-R', `${source}/.`, destination]);
}
