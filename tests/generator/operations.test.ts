import { beforeAll, describe, expect, it } from 'vitest';
import { emitAll } from '../../generator/emit/index.js';
import { loadModel } from '../../language/index.js';
import { planOutputs } from '../../generator/plan.js';
import { projectRoot } from './support.js';

describe('x-operations in the generated output', () => {
  let files: Map<string, string>;
  beforeAll(async () => {
    files = await emitAll(planOutputs(loadModel(projectRoot)));
  });

  it('writes no create or edit form for the read-only audit log, and the registry says what it offers', () => {
    expect(files.has('generated/web/auditoria/List.tsx')).toBe(true);
    expect(files.has('generated/web/auditoria/Show.tsx')).toBe(true);
    expect(files.has('generated/web/auditoria/Create.tsx')).toBe(false);
    expect(files.has('generated/web/auditoria/Edit.tsx')).toBe(false);
    expect(files.has('generated/web/auditoria/Inputs.tsx')).toBe(false);
    expect(files.get('generated/web/auditoria/index.ts')).toContain("create: () => import('./Show'), edit: () => import('./Show')");
    expect(files.has('generated/web/usuarios/Create.tsx')).toBe(true);
    const registry = files.get('generated/web/registry.ts')!;
    expect(registry).toMatch(/name: 'auditoria',[\s\S]*?operations: \{ list: true, show: true, create: false, update: false, delete: false \}/);
    expect(registry).toMatch(/name: 'usuarios',[\s\S]*?operations: \{ list: true, show: true, create: true, update: true, delete: true \}/);
  });

  it('lists in the OpenAPI document only the routes a module offers', () => {
    const paths = JSON.parse(files.get('generated/openapi.json')!).paths as Record<string, Record<string, unknown>>;
    const verbs = (path: string) => Object.keys(paths[path] ?? {}).sort();
    expect(verbs('/api/auditoria')).toEqual(['get']);
    expect(verbs('/api/auditoria/{id}')).toEqual(['get']);
    expect(paths['/api/auditoria/multiple_delete/{ids}']).toBeUndefined();
    expect(paths['/api/rules/auditoria/create']).toBeUndefined();
    expect(verbs('/api/usuarios')).toEqual(['get', 'post']);
    expect(verbs('/api/usuarios/{id}')).toEqual(['delete', 'get', 'put']);
  });
});
