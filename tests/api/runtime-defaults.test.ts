/**
 * The hooks' `defaults` (src/server/core/resources/defaults.ts): values only the server knows fill the
 * fields a caller left out (absent, null, ''), a record's field on insert only, a sub-list's on its
 * new items only; what was given stays, and a body that is no object is left for validation.
 */
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Entity } from '../../language/index.js';
import { withRuntimeDefaults } from '../../src/server/core/resources/defaults.js';
import type { ModuleHooks, WriteContext } from '../../src/server/core/resources/hooks.js';

const entity = { module: 'pessoa_fisica' } as Entity;
const db = {} as Kysely<any>;
const given: ModuleHooks = { defaults: () => ({ party_type_id: 4, 'work_relations.employer_id': 7 }) };
const context = (...hooks: ModuleHooks[]) => ({ hooks }) as unknown as WriteContext;

describe('runtime defaults', () => {
  it("fills a record's field left out on insert, never on edit", async () => {
    for (const left of [{}, { party_type_id: null }, { party_type_id: '' }]) {
      expect(await withRuntimeDefaults(db, entity, 'create', left, context(given))).toEqual({ party_type_id: 4 });
      expect(await withRuntimeDefaults(db, entity, 'update', left, context(given))).toEqual(left);
    }
    expect(await withRuntimeDefaults(db, entity, 'create', { party_type_id: 2 }, context(given))).toEqual({ party_type_id: 2 });
  });

  it("fills a sub-list field left out on each new item, and leaves stored items and given values alone", async () => {
    const body = { party_type_id: 1, work_relations: [{ id: 3 }, { id: 5, employer_id: null }, {}, { employer_id: '' }, { employer_id: 9 }, 'x', null] };
    const filled = (await withRuntimeDefaults(db, entity, 'update', body, context(given))) as typeof body;
    expect(filled.work_relations).toEqual([{ id: 3 }, { id: 5, employer_id: null }, { employer_id: 7 }, { employer_id: 7 }, { employer_id: 9 }, 'x', null]);
    expect(body.work_relations[2]).toEqual({});
  });

  it('asks no hook when none gives defaults, and leaves a body that is no object as it is', async () => {
    const asked: string[] = [];
    const counting: ModuleHooks = { defaults: () => (asked.push('asked'), {}) };
    const body = { work_relations: [{}] };
    expect(await withRuntimeDefaults(db, entity, 'create', body, context({ beforeWrite: () => undefined }))).toBe(body);
    for (const input of [null, 42, 'texto', [{}]]) expect(await withRuntimeDefaults(db, entity, 'create', input, context(counting))).toBe(input);
    expect(asked).toEqual([]);
  });

  it('lets a later hook override an earlier one, and a hook answering none change nothing', async () => {
    const later: ModuleHooks = { defaults: async () => ({ 'work_relations.employer_id': 8 }) };
    const none: ModuleHooks = { defaults: () => ({}) };
    expect(await withRuntimeDefaults(db, entity, 'update', { work_relations: [{}] }, context(given, later))).toEqual({ work_relations: [{ employer_id: 8 }] });
    expect(await withRuntimeDefaults(db, entity, 'update', { work_relations: [{}] }, context(none))).toEqual({ work_relations: [{}] });
  });

  it('asks a hook naming the fields it fills only for a body that leaves one of them out', async () => {
    const asked: string[] = [];
    const employer: ModuleHooks = { defaultsFor: ['work_relations.employer_id'], defaults: () => (asked.push('asked'), { 'work_relations.employer_id': 7 }) };
    const named = { work_relations: [{ employer_id: 9 }, { id: 3 }] };
    expect(await withRuntimeDefaults(db, entity, 'create', named, context(employer))).toBe(named);
    expect(await withRuntimeDefaults(db, entity, 'create', { name: 'Ana' }, context(employer))).toEqual({ name: 'Ana' });
    expect(asked).toEqual([]);
    expect(await withRuntimeDefaults(db, entity, 'create', { work_relations: [{ employer_id: 9 }, {}] }, context(employer))).toEqual({ work_relations: [{ employer_id: 9 }, { employer_id: 7 }] });
    expect(asked).toEqual(['asked']);
  });
});
