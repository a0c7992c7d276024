/**
 * The body rules are compiled per entity, not per module name: two models in one process (a test's
 * own schemas beside the product's, one after the other in a worker) each validate with their own.
 */
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { loadModel } from '../../language/index.js';
import { AppError } from '../../src/server/core/http/app-error.js';
import { validateBody } from '../../src/server/core/resources/validation.js';

const errorsOf = (work: () => unknown) => {
  try {
    work();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.errors;
    throw error;
  }
};

it('validates each model\'s module of one name by that model\'s rules', () => {
  const product = loadModel(resolve(import.meta.dirname, '../..')).byModule.get('tipos_parte')!;
  const other = structuredClone(product);
  (other.rules.create as { required: string[] }).required = [...(product.rules.create as { required: string[] }).required, 'code'];
  const body = { name: 'estagiario', friendly_name: 'Estagiário', behave_like: 1 };
  expect(errorsOf(() => validateBody(product, 'create', body))).toBeNull();
  expect(errorsOf(() => validateBody(other, 'create', body))).toEqual({ code: [expect.stringContaining('obrigatório')] });
  expect(errorsOf(() => validateBody(product, 'create', body))).toBeNull();
});
