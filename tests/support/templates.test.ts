import { existsSync, mkdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OTHER_EDITIONS_KEPT_MS, sweepOtherEditions } from './templates';

/**
 * The keeping of other editions' templates: runs of different editions (a branch beside main) share
 * the temporary folder, so a run removes only what no run has used for a day.
 */
describe('sweeping the templates of other editions', () => {
  const prefix = `conselho-sweep-test-${process.pid}-`;
  const folder = (name: string, ageMs: number) => {
    const path = join(tmpdir(), `${prefix}${name}`);
    mkdirSync(path, { recursive: true });
    const at = (Date.now() - ageMs) / 1000;
    utimesSync(path, at, at);
    return path;
  };
  afterEach(() => {
    for (const name of ['current', 'recent', 'old']) rmSync(join(tmpdir(), `${prefix}${name}`), { recursive: true, force: true });
  });

  it("removes another edition unused for a day, keeps one used since, and marks the run's own as used now", () => {
    const current = folder('current', 3 * OTHER_EDITIONS_KEPT_MS);
    const recent = folder('recent', OTHER_EDITIONS_KEPT_MS - 60_000);
    const old = folder('old', OTHER_EDITIONS_KEPT_MS + 60_000);
    const unrelated = join(tmpdir(), `conselho-sweep-other-${process.pid}`);
    mkdirSync(unrelated, { recursive: true });
    utimesSync(unrelated, 0, 0);
    try {
      const before = Date.now();
      sweepOtherEditions(prefix, current);
      expect(existsSync(old)).toBe(false);
      expect(existsSync(recent)).toBe(true);
      expect(existsSync(current)).toBe(true);
      // Its own edition is the newest of all now: the next run of another edition keeps it a day.
      expect(statSync(current).mtimeMs).toBeGreaterThanOrEqual(before - 1_000);
      expect(existsSync(unrelated)).toBe(true);
    } finally {
      rmSync(unrelated, { recursive: true, force: true });
    }
  });

  it('leaves everything in place when the current edition is not made yet', () => {
    const recent = folder('recent', 60_000);
    sweepOtherEditions(prefix, join(tmpdir(), `${prefix}current`));
    expect(existsSync(recent)).toBe(true);
    expect(existsSync(join(tmpdir(), `${prefix}current`))).toBe(false);
  });
});
