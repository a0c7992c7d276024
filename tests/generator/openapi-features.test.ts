import { beforeAll, describe, expect, it } from 'vitest';
import { emitAll } from '../../generator/emit/index.js';
import { importable, loadModel, type Model } from '../../language/index.js';
import { planOutputs } from '../../generator/plan.js';
import { featurePaths } from '../../generator/emit/openapi-features.js';
import { projectRoot } from './support.js';

type Operation = { parameters?: { $ref?: string; name?: string; in?: string }[]; tags?: string[]; security?: unknown[] };

/** The feature routes in the OpenAPI document: every one takes the `Tenant` header, its own parameters beside it. */
describe('feature routes in the OpenAPI document', () => {
  let paths: Record<string, Record<string, Operation>>;
  let model: Model;
  beforeAll(async () => {
    model = loadModel(projectRoot);
    const files = await emitAll(planOutputs(model));
    paths = JSON.parse(files.get('generated/openapi.json')!).paths;
  });

  it('keeps the Tenant header on a feature route that names parameters of its own', () => {
    const byCnpj = paths['/api/pessoa_juridica/cnpj/{cnpj}'].get.parameters ?? [];
    expect(byCnpj).toEqual([{ $ref: '#/components/parameters/Tenant' }, expect.objectContaining({ name: 'cnpj', in: 'path' })]);
  });

  it('gives every feature operation the Tenant header, but a public one', () => {
    // Every feature operation takes the tenant's header; a public one (no
    // security, as a certificate's verification, whose code names its space) does not.
    const featureRoutes = new Set(Object.values(featurePaths).flatMap((paths) => Object.keys(paths('Record'))));
    for (const [path, verbs] of Object.entries(paths).filter(([path]) => featureRoutes.has(path))) {
      for (const [verb, operation] of Object.entries(verbs)) {
        const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
        expect(isPublic || operation.parameters?.some((parameter) => parameter.$ref === '#/components/parameters/Tenant'), `${verb} ${path}`).toBe(true);
      }
    }
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
