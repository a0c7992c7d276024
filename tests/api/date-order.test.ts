/**
 * Every start and its end keep their order (`x-order`) wherever the model holds them: on a record and
 * in the rows of its sub-lists, at any depth. The pairs are found by their names, walking the model;
 * each has its rule, and the API refuses each one reversed with the rule's pt-BR message on the end
 * field's path (`work_relations.0.resignation_date`), while the same day passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModel, type Entity, type Field, type OrderRule } from '../../language/index.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { call, ROOT, startTestServer, type TestServer } from './support/server.js';

const model = loadModel(ROOT);

/** The word of a start's name and the word its end's name has in its place (`start_date` → `end_date`). */
const ENDS: [string, string][] = [['start', 'end'], ['begin', 'end'], ['initial', 'final'], ['admission', 'resignation']];
const ORDERED_KINDS = new Set<string>(['date', 'datetime', 'time']);

/** One object of the model whose fields may hold a pair: a record, or a sub-list's row (`path` the sub-lists down to it). */
interface Place {
  module: string;
  path: string[];
  fields: Field[];
  order: OrderRule[];
}

function placesOf(entity: Entity): Place[] {
  const found: Place[] = [];
  const walk = (fields: Field[], order: OrderRule[], path: string[]) => {
    found.push({ module: entity.module, path, fields, order });
    for (const field of fields) if (field.sublist) walk(field.sublist.fields, field.sublist.order ?? [], [...path, field.name]);
  };
  walk(entity.fields, entity.order, []);
  return found;
}

/** The starts and ends of one object, by their names: two fields of the form, of one ordered kind. */
function namedPairs(fields: Field[]): [string, string][] {
  const dated = fields.filter((field) => field.inForm && ORDERED_KINDS.has(field.kind));
  return dated.flatMap((start) =>
    ENDS.flatMap(([word, endWord]): [string, string][] => {
      const words = start.name.split('_');
      if (!words.includes(word)) return [];
      const end = dated.find((field) => field.name === words.map((w) => (w === word ? endWord : w)).join('_') && field.kind === start.kind);
      return end ? [[start.name, end.name]] : [];
    }),
  );
}

const where = (place: Place) => [place.module, ...place.path].join('.');
const places = model.entities.flatMap(placesOf);

/** A start and an end of a kind, the end before the start (10/05/2020 – 01/01/2019). */
const REVERSED: Record<string, [string, string]> = {
  date: ['2020-05-10', '2019-01-01'],
  datetime: ['2020-05-10T10:00:00.000Z', '2019-01-01T10:00:00.000Z'],
  time: ['10:00', '09:00'],
};

/** A body holding `row` at `path`: the record itself, or the first row of each sub-list down. */
function bodyWith(path: string[], row: Record<string, unknown>): Record<string, unknown> {
  return path.reduceRight<Record<string, unknown>>((inner, sublist) => ({ [sublist]: [inner] }), row);
}

describe('every start and its end in the model', () => {
  it('keeps an x-order for each pair named so, on a record and in every sub-list row', () => {
    const pairs = places.flatMap((place) => namedPairs(place.fields).map(([start, end]) => ({ place, start, end })));
    // The walk finds the pairs of sub-lists at each depth, and of records.
    expect(pairs.map(({ place, start, end }) => `${where(place)}: ${start} → ${end}`)).toEqual(
      expect.arrayContaining(['pessoa_fisica.work_relations: admission_date → resignation_date', 'fluxo_trabalho.steps.tasks: start_date → end_date', 'tipo_debito: start_date → end_date']),
    );
    const unruled = pairs.filter(({ place, start, end }) => !place.order.some((rule) => rule.start === start && rule.end === end));
    expect(unruled.map(({ place, start, end }) => `${where(place)}: ${start} → ${end}`)).toEqual([]);
  });
});

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`a start after its end, through the API [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
    });
    afterAll(() => server?.close());

    it("refuses every pair reversed with its message on the end field's path, in each module that takes inserts; the same day passes", async () => {
      const checked: string[] = [];
      const wrong: string[] = [];
      for (const place of places.filter((p) => server.model.byModule.get(p.module)!.operations.create)) {
        // The pairs the object declares, and those its names make (which the first test finds ruled).
        const named = namedPairs(place.fields).filter(([start, end]) => !place.order.some((rule) => rule.start === start && rule.end === end));
        const pairs = [...place.order, ...named.map(([start, end]) => ({ start, end, message: undefined }))];
        for (const rule of pairs) {
          const [start, end] = REVERSED[place.fields.find((field) => field.name === rule.start)!.kind];
          const key = [...place.path.map((sublist) => `${sublist}.0.`), rule.end].join('');
          const reversed = await api('POST', `/api/${place.module}`, bodyWith(place.path, { [rule.start]: start, [rule.end]: end }));
          const said = reversed.body.errors?.[key] as string[] | undefined;
          if (reversed.status !== 422 || !rule.message || !said?.includes(rule.message)) wrong.push(`${place.module} ${key}: ${reversed.status} ${JSON.stringify(said ?? null)}`);
          const sameDay = await api('POST', `/api/${place.module}`, bodyWith(place.path, { [rule.start]: start, [rule.end]: start }));
          if (sameDay.body.errors?.[key]) wrong.push(`${place.module} ${key} on the same day: ${JSON.stringify(sameDay.body.errors[key])}`);
          checked.push(`${place.module} ${key}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(checked).toEqual(expect.arrayContaining(['pessoa_fisica work_relations.0.resignation_date', 'pessoa_fisica course_relations.0.completion_date', 'acoes_fiscalizacao end_date']));
    });
  });
}
