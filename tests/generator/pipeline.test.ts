import { describe, expect, it } from 'vitest';
import { emitAll } from '../../generator/emit/index.js';
import { loadSchemaFiles, checkAgainstMetaSchema, normalise } from '../../language/index.js';
import { planOutputs } from '../../generator/plan.js';
import { GOOD_FIXTURES, emitFixture, fixtureRoot } from './support.js';

describe('generator pipeline', () => {
  it.each(GOOD_FIXTURES)('gives identical output when run twice (%s)', async (name) => {
    const first = await emitFixture(name);
    const second = await emitFixture(name);
    expect([...second]).toEqual([...first]);
    expect([...first.keys()]).toEqual([...first.keys()].sort());
  });

  it.each(GOOD_FIXTURES)('does not change its input (%s)', async (name) => {
    const files = loadSchemaFiles(fixtureRoot(name));
    const filesBefore = structuredClone(files);
    files.forEach(checkAgainstMetaSchema);
    const model = normalise(files);
    const modelBefore = structuredClone(model);
    const plan = planOutputs(model);
    await emitAll(plan);
    expect(files).toEqual(filesBefore);
    expect(model).toEqual(modelBefore);
  });

  it('writes an OpenAPI 3.1 document with every route of the contract for each module', async () => {
    const document = JSON.parse((await emitFixture('sublist')).get('generated/openapi.json')!);
    expect(document.openapi).toBe('3.1.0');
    expect(document['x-generated']).toContain('Do not edit');
    // Sign-in, profile, parameters and health are their routes' contracts, served beside this document.
    for (const path of ['/api/openapi.json', '/api/openapi/{area}']) {
      expect(document.paths, path).toHaveProperty([path]);
    }
    const paths = document.paths;
    expect(Object.keys(paths['/api/pessoa_fisica'])).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/pessoa_fisica/{id}'])).toEqual(['get', 'put', 'delete']);
    expect(paths['/api/pessoa_fisica/multiple_delete/{ids}'].delete).toBeDefined();
    expect(paths['/api/pessoa_fisica/combos'].get).toBeDefined();
    expect(paths['/api/rules/pessoa_fisica/create'].get).toBeDefined();
    expect(paths['/api/rules/pessoa_fisica/edit'].get).toBeDefined();
    const list = paths['/api/pessoa_fisica'].get;
    expect(list.parameters.map((p: any) => p.name ?? p.$ref)).toEqual([
      '#/components/parameters/Tenant', 'page', 'per_page', 'cursor', 'sort', 'order', 'q', 'filter',
    ]);
    // Optimistic concurrency: a save sends the version it opened; a stale one is a 409.
    const update = paths['/api/pessoa_fisica/{id}'].put;
    expect(update.parameters.map((p: any) => p.$ref)).toContain('#/components/parameters/IfMatch');
    expect(update.responses['409']).toEqual({ $ref: '#/components/responses/Conflict' });
    expect(update.responses['200'].headers.ETag).toEqual({ $ref: '#/components/headers/ETag' });
    expect(paths['/api/pessoa_fisica/{id}'].get.responses['200'].headers.ETag).toEqual({ $ref: '#/components/headers/ETag' });
    expect(list.responses['200'].content['application/json'].schema.required).toEqual(['data', 'meta']);
    expect(paths['/api/pessoa_fisica'].post.responses['422']).toEqual({ $ref: '#/components/responses/ValidationFailed' });
    expect(document.components.securitySchemes.bearer).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    const body = document.components.schemas.PessoaFisicaCreate;
    expect(body.required).toEqual(['name', 'cpf']);
    expect(body.properties.cpf.format).toBe('cpf');
    expect(body.properties.telephones.items.properties.number).toEqual(expect.objectContaining({ 'x-kind': 'phone' }));
    expect(document.components.schemas.PessoaFisica.properties.telephones.type).toBe('array');
  });
});
