import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take minutes, each walking every module (and so growing with the model) or waiting on
 * purpose. Started first, so that none starts last and runs alone while the other workers sit idle.
 * Vitest orders files by their last durations where it has them; a fresh clone (CI) has none.
 */
const SLOW_FIRST = [
  'tests/fuzz/pglite.test.ts',
  'tests/identity/matrix-pglite.test.ts',
  'tests/fuzz/postgres.test.ts',
  'tests/resilience/idle.test.ts',
  'tests/api/writes.test.ts',
  'tests/identity/matrix-postgres.test.ts',
  'tests/api/crud.test.ts',
  'tests/resilience/crash-restart.test.ts',
];

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = SLOW_FIRST.findIndex((path) => spec.moduleId.endsWith(path));
      return index < 0 ? SLOW_FIRST.length : index;
    };
    // Within a project only; the order of projects stays Vitest's.
    return sorted
      .map((spec, position) => ({ spec, position }))
      .sort((a, b) => (a.spec.project.name === b.spec.project.name ? rank(a.spec) - rank(b.spec) : 0) || a.position - b.position)
      .map(({ spec }) => spec);
  }
}
