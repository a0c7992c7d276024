import { describe, expect, it } from 'vitest';
import { importsOf, moduleFile, sourceFiles } from './support';

/** What only the record screens may load: MUI, its styling, react-admin's MUI components, the forms' library. */
const MATERIAL = /^(@mui\/|@emotion\/|react-admin$|ra-ui-materialui|react-hook-form)/;

/**
 * Where the plain side starts: the entry (login, recovery), the shell, the dashboard's figures, every
 * list (generated or hand-written) and the feature folders' `views.ts` the shell reads at start-up.
 */
const roots = [
  'src/web/main.tsx',
  'src/web/AdminShell.tsx',
  'src/web/pages/dashboard/DashboardPage.tsx',
  ...sourceFiles('generated/web').filter((file) => file.endsWith('/List.tsx')),
  ...sourceFiles('src/web/screens').filter((file) => /\/(List\.tsx|views\.ts)$/.test(file)),
];

/**
 * A list's filter inputs of kinds the plain selects do not cover are react-admin's (as the kit's
 * `ListFilters`, which it loads lazily): the audit log's day range brings MUI with its list.
 */
const MATERIAL_FILTERS = ['src/web/screens/auditoria/DateBoundInput.tsx'];

/** Every file `roots` load with them: their static imports, followed (a dynamic `import()` is a chunk of its own, loaded later). */
function plainSide(): Map<string, string> {
  const reachedFrom = new Map<string, string>(roots.map((file) => [file, 'itself']));
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of importsOf(file, { staticOnly: true }).local) {
      const next = moduleFile(target);
      if (next && !reachedFrom.has(next) && !MATERIAL_FILTERS.includes(next)) {
        reachedFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return reachedFrom;
}

describe('the plain side', () => {
  it('loads no MUI: the login, the shell, the dashboard figures and every list are plain elements', () => {
    const side = plainSide();
    expect(side.has('src/web/kit/list/LightTable.tsx')).toBe(true);
    expect(side.has('src/web/kit/list/ListFilters.tsx')).toBe(false);
    const material = [...side.keys()].flatMap((file) =>
      importsOf(file, { staticOnly: true }).packages.filter((p) => MATERIAL.test(p)).map((p) => `${file} (from ${side.get(file)}) → ${p}`),
    );
    expect(material).toEqual([]);
  });
});
