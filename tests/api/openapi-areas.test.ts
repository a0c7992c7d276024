import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../language/index.js';
import { withContractComponents } from '../../src/server/core/http/openapi.js';
import { GENERAL_AREA, splitByArea } from '../../src/server/core/http/openapi-areas.js';
import { isSpaceless } from '../../src/server/core/http/space.js';
import { ROOT } from './support/server.js';

type Doc = Record<string, any>;
// The document as served: the generated one with the contracts' named schemas.
const whole = withContractComponents(JSON.parse(readFileSync(join(ROOT, 'generated/openapi.json'), 'utf8')) as Doc);
const model = loadModel(ROOT);
const operations = (document: Doc) =>
  Object.entries<Doc>(document.paths).flatMap(([path, item]) => Object.keys(item).filter((key) => key !== 'parameters').map((method) => `${method.toUpperCase()} ${path}`));
const refs = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap(refs)
    : value && typeof value === 'object' ? Object.entries(value).flatMap(([key, item]) => (key === '$ref' && typeof item === 'string' ? [item] : refs(item)))
      : [];
const resolves = (document: Doc, ref: string) => ref.slice(2).split('/').reduce<any>((node, key) => node?.[key], document) !== undefined;

describe('the OpenAPI document by menu area', () => {
  const parts = splitByArea(whole, model);

  it('puts every route of the whole document in exactly one part, Geral first', () => {
    expect(parts[0].area).toBe(GENERAL_AREA);
    const inParts = parts.flatMap((part) => operations(part.document));
    expect(inParts.length).toBe(operations(whole).length);
    expect(new Set(inParts)).toEqual(new Set(operations(whole)));
  });

  it("puts each module's routes in its menu area's part, and its name in that part's title", () => {
    for (const entity of model.entities.filter((e) => whole.paths[`/api/${e.module}`])) {
      const part = parts.find((p) => p.area === entity.area)!;
      expect(part.document.paths, entity.module).toHaveProperty([`/api/${entity.module}`]);
      expect(part.document.info.title).toContain(part.label);
    }
    const general = parts[0].document;
    // Sign-in, profile and health come from their routes' contracts (openapi-routes.test.ts).
    expect(Object.keys(general.paths)).toEqual(expect.arrayContaining(['/api/openapi.json', '/api/openapi/{area}']));
    expect(general.paths).not.toHaveProperty(['/api/pessoa_fisica']);
  });

  it('carries in each part every component its routes name, and no other schema', () => {
    for (const part of parts) {
      const named = refs(part.document);
      expect(named.filter((ref) => !resolves(part.document, ref)), part.area).toEqual([]);
      const used = new Set(named.filter((ref) => ref.startsWith('#/components/schemas/')).map((ref) => ref.split('/')[3]));
      expect(Object.keys(part.document.components.schemas ?? {}).filter((name) => !used.has(name)), part.area).toEqual([]);
      expect(part.document.components.securitySchemes).toEqual(whole.components.securitySchemes);
    }
    const sizes = parts.map((part) => JSON.stringify(part.document).length);
    expect(Math.max(...sizes)).toBeLessThan(JSON.stringify(whole).length / 3);
  });

  it('answers without a space, as the whole document does', () => {
    expect(isSpaceless({ url: '/api/openapi/cadastro' } as never)).toBe(true);
    expect(isSpaceless({ url: '/api/openapi.json' } as never)).toBe(true);
    expect(isSpaceless({ url: '/api/openapix' } as never)).toBe(false);
  });
});
