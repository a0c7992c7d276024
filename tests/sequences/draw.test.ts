import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../generated/database.js';
import { expect, it } from 'vitest';
import { drawNumber } from '../../src/server/services/sequences/draw.js';
import { describeOnDatabases } from '../support/databases.js';
import { MASK_CASES } from './support/mask-cases.js';
import { bookBlocks, insertSequence, sequenceRow } from './support/sequences.js';

/** 23:59 of 31/12/2025 and 00:00 of 01/01/2026 in São Paulo (UTC−3), as instants. */
const LAST_MINUTE_OF_2025 = new Date('2026-01-01T02:59:00Z');
const FIRST_MINUTE_OF_2026 = new Date('2026-01-01T03:00:00Z');

describeOnDatabases('drawing a number from a sequence', (getDb) => {
  const draw = (id: number, options = {}) => drawNumber(getDb(), id, options);

  it('starts at start, adds the increment, and continues from a number typed in', async () => {
    const plain = await insertSequence(getDb());
    expect([(await draw(plain)).number, (await draw(plain)).number, (await draw(plain)).number]).toEqual([1, 2, 3]);
    const stepped = await insertSequence(getDb(), { start: 100, increment: 5 });
    expect([(await draw(stepped)).number, (await draw(stepped)).number, (await draw(stepped)).number]).toEqual([100, 105, 110]);
    const fromPaper = await insertSequence(getDb(), { number: 523 });
    expect((await draw(fromPaper)).number).toBe(524);
    expect(await sequenceRow(getDb(), fromPaper)).toMatchObject({ number: 524, last_drawn_number: 524 });
  });

  it.each(MASK_CASES)('formats a drawn $number with $mask as the preview does: $formatted', async ({ mask, number, year, book, formatted }) => {
    const blocks = book ? { ...bookBlocks({ leaf: 1000, order: 1000 }), number_book: book.book, number_leaf: book.leaf, number_order: book.order } : {};
    const id = await insertSequence(getDb(), { formatting: mask, number: number - 1, has_book: book !== undefined, ...blocks });
    expect(await draw(id, { date: `${year}-06-15` })).toEqual({ number, formatted_number: formatted, year, book: book?.book ?? null, leaf: book?.leaf ?? null, order: book?.order ?? null });
  });

  it('restarts at start with the first draw of a new year in São Paulo, and never goes back a year', async () => {
    const id = await insertSequence(getDb(), { annual_restart: true, formatting: '{numero:3}/{ano}', start: 1 });
    const formatted = async (date: Date | string) => (await draw(id, { date })).formatted_number;
    expect(await formatted(LAST_MINUTE_OF_2025)).toBe('001/2025');
    expect(await formatted('2025-12-31 23:59:59')).toBe('002/2025');
    expect(await formatted(FIRST_MINUTE_OF_2026)).toBe('001/2026');
    expect(await formatted('2026-01-01')).toBe('002/2026');
    // 2025's counter is closed: a record dated then, numbered now, takes a number of 2026.
    expect(await draw(id, { date: LAST_MINUTE_OF_2025 })).toMatchObject({ number: 3, formatted_number: '003/2026', year: 2026 });
    expect(await sequenceRow(getDb(), id)).toMatchObject({ number: 3, last_draw_year: 2026 });
  });

  it('keeps counting across years without the annual restart', async () => {
    const id = await insertSequence(getDb(), { formatting: '{numero}/{ano}' });
    expect((await draw(id, { date: LAST_MINUTE_OF_2025 })).formatted_number).toBe('1/2025');
    expect((await draw(id, { date: FIRST_MINUTE_OF_2026 })).formatted_number).toBe('2/2026');
  });

  it('rolls the order over to the next leaf and the leaf over to the next book', async () => {
    const id = await insertSequence(getDb(), { has_book: true, ...bookBlocks({ leaf: 3, order: 2 }) });
    const positions = [];
    for (let i = 0; i < 8; i++) {
      const { book, leaf, order } = await draw(id);
      positions.push([book, leaf, order]);
    }
    expect(positions).toEqual([[1, 1, 1], [1, 1, 2], [1, 2, 1], [1, 2, 2], [1, 3, 1], [1, 3, 2], [2, 1, 1], [2, 1, 2]]);
    expect(await sequenceRow(getDb(), id)).toMatchObject({ number_book: 2, number_leaf: 2, number_order: 1 });

    const stepped = await insertSequence(getDb(), { has_book: true, ...bookBlocks(), start_order: 1, end_order: 5, increment_order: 2, start_leaf: 10, number_leaf: 10, increment_leaf: 5, end_leaf: 15, increment_book: 10 });
    const orders = [];
    for (let i = 0; i < 7; i++) {
      const { book, leaf, order } = await draw(stepped);
      orders.push(`${book}.${leaf}.${order}`);
    }
    expect(orders).toEqual(['1.10.1', '1.10.3', '1.10.5', '1.15.1', '1.15.3', '1.15.5', '11.10.1']);
  });

  it('gives a rolled-back number and its place in the book back', async () => {
    const id = await insertSequence(getDb(), { has_book: true, ...bookBlocks({ order: 2 }) });
    await draw(id);
    const lost = await getDb().transaction().execute(async (trx) => {
      const drawn = await drawNumber(trx as Kysely<SpaceDatabase>, id);
      throw Object.assign(new Error('desfeito'), { drawn });
    }).catch((error) => error.drawn);
    expect(lost).toMatchObject({ number: 2, book: 1, leaf: 1, order: 2 });
    expect(await draw(id)).toMatchObject({ number: 2, book: 1, leaf: 1, order: 2 });
  });

  it('refuses an automatic draw from a sequence numbered by hand, on the consumer\'s field, and draws it by hand', async () => {
    const id = await insertSequence(getDb(), { auto_numbering: false, name: 'Processos em papel' });
    const message = 'A sequência "Processos em papel" não gera números automaticamente: informe o número.';
    await expect(draw(id)).rejects.toMatchObject({ status: 422, errors: { number: [message] } });
    await expect(draw(id, { field: 'process_number' })).rejects.toMatchObject({ status: 422, errors: { process_number: [message] } });
    expect((await draw(id, { automatic: false })).number).toBe(1);
  });

  it('refuses inactive and unknown sequences', async () => {
    const id = await insertSequence(getDb(), { inactivated: true, name: 'Antiga' });
    const message = 'A sequência "Antiga" está inativa: reative-a para gerar números.';
    await expect(draw(id)).rejects.toMatchObject({ status: 422, errors: { number: [message] } });
    await expect(draw(id, { automatic: false })).rejects.toMatchObject({ status: 409, message });
    await expect(draw(987_654)).rejects.toMatchObject({ status: 422, errors: { number: ['A sequência informada não existe.'] } });
    await expect(draw(987_654, { automatic: false })).rejects.toMatchObject({ status: 404 });
    expect(await sequenceRow(getDb(), id)).toMatchObject({ number: 0, last_drawn_number: null });
  });

  it('refuses to draw with a mask stored before the mask rules, and gives the number back', async () => {
    const id = await insertSequence(getDb(), { formatting: '000000', name: 'Máscara antiga' });
    await expect(draw(id)).rejects.toMatchObject({
      status: 422, errors: { number: ['Corrija a formatação da sequência "Máscara antiga" no cadastro de sequências: A formatação precisa conter o número: {numero}.'] },
    });
    expect(await sequenceRow(getDb(), id)).toMatchObject({ number: 0, last_drawn_number: null });
  });

  it('refuses, and gives the number back, a draw of its own after the mask was changed under it', async () => {
    const id = await insertSequence(getDb(), { formatting: '{numero:4}', name: 'Trocada' });
    expect((await draw(id)).formatted_number).toBe('0001');
    expect((await draw(id)).formatted_number).toBe('0002');
    await getDb().updateTable('sequences').set({ formatting: '0000' }).where('id', '=', id).execute();
    await expect(draw(id)).rejects.toMatchObject({ status: 422 });
    expect(await sequenceRow(getDb(), id)).toMatchObject({ number: 2, last_drawn_number: 2 });
    await getDb().updateTable('sequences').set({ formatting: 'N{numero}' }).where('id', '=', id).execute();
    expect((await draw(id)).formatted_number).toBe('N3');
    expect((await draw(id)).formatted_number).toBe('N4');
  });

  it('answers 409 past the largest number, and 422 for a date that is none', async () => {
    const id = await insertSequence(getDb(), { number: 2_147_483_647 });
    await expect(draw(id)).rejects.toMatchObject({ status: 409, message: 'A sequência chegou ao maior número possível (2.147.483.647).' });
    await expect(draw(id, { date: '2025-02-30' })).rejects.toMatchObject({ status: 422, errors: { date: [expect.stringContaining('AAAA-MM-DD')] } });
  });

  it('changes the record\'s version, so a form opened before the draw is told it changed', async () => {
    const id = await insertSequence(getDb());
    const before = (await sequenceRow(getDb(), id)).updated_at as Date;
    await draw(id);
    await draw(id);
    const after = (await sequenceRow(getDb(), id)).updated_at as Date;
    expect(after.getTime()).toBeGreaterThanOrEqual(before.getTime() + 2);
  });
});
