/**
 * Several numbers of one sequence in one draw (`drawNumbers`, docs/SEQUENCES.md): in order after the
 * counter, the counter left on the last, the annual restart and the year as a single draw's; a
 * sequence with a book drawn one by one; a rollback gives the whole block back; the refusals of a
 * single draw; past the largest integer, 409.
 */
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { SpaceDatabase } from '../../generated/database.js';
import { drawNumber, drawNumbers } from '../../src/server/services/sequences/draw.js';
import { describeOnDatabases } from '../support/databases.js';
import { bookBlocks, insertSequence, sequenceRow } from './support/sequences.js';

describeOnDatabases('drawing a block of numbers from a sequence', (getDb) => {
  const block = (id: number, count: number, options = {}) => getDb().transaction().execute((trx) => drawNumbers(trx as Kysely<SpaceDatabase>, id, count, options));

  it('draws the numbers in order after the counter and leaves the counter on the last', async () => {
    const id = await insertSequence(getDb(), { start: 10, increment: 5, formatting: 'ANU-{numero:4}/{ano}', annual_restart: true });
    expect((await block(id, 3, { date: '2026-11-20' })).map((drawn) => drawn.formatted_number)).toEqual(['ANU-0010/2026', 'ANU-0015/2026', 'ANU-0020/2026']);
    expect(await sequenceRow(getDb(), id)).toMatchObject({ number: 20, last_drawn_number: 20, last_draw_year: 2026 });
    expect((await drawNumber(getDb(), id, { date: '2026-11-21' })).number).toBe(25);
    // The first block of a new year restarts; an earlier year is never gone back to.
    expect((await block(id, 2, { date: '2027-01-02' })).map((drawn) => [drawn.number, drawn.year])).toEqual([[10, 2027], [15, 2027]]);
    expect((await block(id, 1, { date: '2026-12-31' })).map((drawn) => drawn.formatted_number)).toEqual(['ANU-0020/2027']);
    expect(await block(id, 0)).toEqual([]);
  });

  it('draws a sequence with a book one number at a time, each with its place', async () => {
    const id = await insertSequence(getDb(), { has_book: true, ...bookBlocks({ leaf: 3, order: 2 }) });
    expect((await block(id, 3)).map((drawn) => [drawn.number, drawn.book, drawn.leaf, drawn.order])).toEqual([[1, 1, 1, 1], [2, 1, 1, 2], [3, 1, 2, 1]]);
  });

  it('gives the whole block back when the transaction rolls back', async () => {
    const id = await insertSequence(getDb());
    await expect(getDb().transaction().execute(async (trx) => {
      await drawNumbers(trx as Kysely<SpaceDatabase>, id, 5);
      throw new Error('desfeito');
    })).rejects.toThrow('desfeito');
    expect((await block(id, 2)).map((drawn) => drawn.number)).toEqual([1, 2]);
  });

  it("refuses as a single draw does, on the consumer's field, and past the largest integer with 409", async () => {
    const manual = await insertSequence(getDb(), { name: 'Numeração manual', auto_numbering: false });
    await expect(block(manual, 2, { field: 'year' })).rejects.toMatchObject({ status: 422, errors: { year: ['A sequência "Numeração manual" não gera números automaticamente: informe o número.'] } });
    const full = await insertSequence(getDb(), { number: 2_147_483_640 });
    await expect(block(full, 10)).rejects.toMatchObject({ status: 409 });
    expect(await sequenceRow(getDb(), full)).toMatchObject({ number: 2_147_483_640 });
  });
});
