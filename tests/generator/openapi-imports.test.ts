import { beforeAll, describe, expect, it } from 'vitest';
import { emitAll } from '../../generator/emit/index.js';
import { importable, loadModel, type Model } from '../../language/index.js';
import { planOutputs } from '../../generator/plan.js';
import { projectRoot } from './support.js';

type Operation = { parameters?: { $ref?: string; name?: string; in?: string }[]; tags?: string[] };

/** The import routes in the generated OpenAPI document: every module a spreadsheet may write, with the `Tenant` header. */
describe('import routes in the OpenAPI document', () => {
  let paths: Record<string, Record<string, Operation>>;
  let model: Model;
  beforeAll(async () => {
    model = loadModel(projectRoot);
    const files = await emitAll(planOutputs(model));
    paths = JSON.parse(files.get('generated/openapi.json')!).paths;
  });

  it('lists the import routes of every module a spreadsheet may write, with the tenant header, and of no other module', () => {
    const routes = ['get /import/template', 'post /import', 'get /import/{id}', 'put /import/{id}/mapping', 'post /import/{id}/check', 'get /import/{id}/rows', 'get /import/{id}/errors', 'post /import/{id}/commit'];
    const writable = model.entities.filter(importable);
    expect(writable.map((e) => e.module)).toEqual(expect.arrayContaining(['pessoa_fisica', 'pessoa_juridica', 'inscricao']));
    for (const entity of model.entities) {
      for (const route of routes) {
        const [verb, tail] = route.split(' ');
        const operation = paths[`/api/${entity.module}${tail}`]?.[verb];
        if (!importable(entity)) {
          expect(operation, `${entity.module}: ${route}`).toBeUndefined();
          continue;
        }
        expect(operation?.tags, `${entity.module}: ${route}`).toEqual([entity.module]);
        expect(operation?.parameters?.[0]).toEqual({ $ref: '#/components/parameters/Tenant' });
      }
    }
    expect(model.entities.some((e) => !importable(e) && e.database === 'platform')).toBe(true);
  });
});
