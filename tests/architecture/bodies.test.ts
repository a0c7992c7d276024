import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, sourceFiles } from './support.js';

/**
 * A route reads a JSON body through `objectBody` (src/server/core/http/body.ts), where `null` is a 422 on
 * `_` and no body at all reads as `{}`; `request.body ?? {}` would read a `null` body as an empty one
 * and act on it (a workflow run started by `PUT …/init` with `null`).
 */
describe('request bodies', () => {
  it('no server code reads a null body as an empty one', () => {
    const offenders = sourceFiles('src/server').filter((file) => /request\.body\s*\?\?/.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
