import { describe, expect, it } from 'vitest';
import { GOOD_FIXTURES, emitFixture } from './support.js';

/** Every generated file of every fixture, compared with the reviewed copy under __snapshots__/. */
describe.each(GOOD_FIXTURES)('generated output of the %s fixture', (name) => {
  it('matches the reviewed snapshots', async () => {
    const files = await emitFixture(name);
    for (const [path, content] of files) {
      await expect(content).toMatchFileSnapshot(`__snapshots__/${name}/${path}.snap`);
    }
  });

  it('opens every file with the do-not-edit banner, its source and the command', async () => {
    for (const [path, content] of await emitFixture(name)) {
      const head = content.slice(0, 300);
      expect(head, path).toContain('Do not edit');
      expect(head, path).toContain('npm run generate');
      expect(head, path).toMatch(/Source: (schemas\/[a-z]+\/[a-z_]+\.schema\.json|all schemas)/);
    }
  });
});
