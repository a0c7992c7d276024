import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadModel, SchemaError } from '../../language/index.js';
import { removeScratchDirs, copyFixture, fixturesDir, runCli, runGenerator } from './support.js';

/** Each bad fixture, with the file, JSON path and sentence a person should read. */
const EXPECTED: Record<string, [string, string, RegExp]> = {
  'bad-field-name': ['schemas/tabelas/cores.schema.json', '/properties/Name', /not a valid field name: use snake_case/],
  'choices-empty': ['schemas/tabelas/cores.schema.json', '/properties/formats/items/enum', /lists no values: a choices field offers at least one/],
  'choices-labels': ['schemas/tabelas/cores.schema.json', '/properties/formats/x-enum-labels', /has 2 labels for 3 values/],
  'choices-mixed-values': ['schemas/tabelas/cores.schema.json', '/properties/formats/items/enum/1', /is 2, which is not a non-empty text like the list's other values/],
  'choices-sort': ['schemas/tabelas/cores.schema.json', '/x-list/sort', /"formats", a field of several values \(kind choices\), by which a list cannot be sorted/],
  'choices-when': ['schemas/tabelas/cores.schema.json', '/properties/quality/x-when/field', /"formats", a field of several values \(kind choices\): a condition reads a field that holds one value/],
  'max-items-not-choices': ['schemas/tabelas/cores.schema.json', '/properties/name/maxItems', /applies only to a field of kind "choices" \(this one is of kind "text"\)/],
  'combo-filter-value': ['schemas/tabelas/cores.schema.json', '/x-combos/claras/filter/tone/not-in/0', /is 3, which is not a value of "tone" \(1, 2\)/],
  'combo-unknown-field': ['schemas/tabelas/cores.schema.json', '/x-combos/claras/fields/0', /names "shade", which is not a field of cores/],
  'decimal-as-number': ['schemas/tabelas/cores.schema.json', '/properties/rate/type', /is "number", a binary fraction that loses digits.*"x-kind": "decimal", "x-digits"/],
  'decimal-without-digits': ['schemas/tabelas/cores.schema.json', '/properties/rate', /kind "decimal" and needs "x-digits": how many digits it keeps before and after the point/],
  'depends-on-unknown': ['schemas/tabelas/cores.schema.json', '/properties/uf_id/x-reference/depends-on/field', /"region_id", which is not another field/],
  'lookup-not-reference': ['schemas/tabelas/cores.schema.json', '/properties/name/x-lookup', /applies only to a reference \(this field is of kind "text"\)/],
  'lookup-unknown-answer': ['schemas/tabelas/cores.schema.json', '/properties/uf_id/x-lookup/answer', /names "cnpj_of_state", which is not a field of uf/],
  'duplicate-table': ['schemas/tabelas/matizes.schema.json', '/x-table', /table "colors" is already used by cores/],
  'digits-not-decimal': ['schemas/tabelas/cores.schema.json', '/properties/name/x-digits', /applies only to a field of kind "decimal" \(this one is of kind "text"\)/],
  'enum-labels': ['schemas/tabelas/cores.schema.json', '/properties/tone/x-enum-labels', /has 1 labels for 2 values/],
  'file-size': ['schemas/tabelas/cores.schema.json', '/properties/sample/x-file/max-size', /"5 megas", which is not a size: write a whole number and B, KB or MB/],
  'file-type-unknown': ['schemas/tabelas/cores.schema.json', '/properties/sample/x-file/accept/1', /names "exe", which is not a file type the product can recognise: use one of pdf, png/],
  'file-without-accept': ['schemas/tabelas/cores.schema.json', '/properties/sample', /needs "x-file" with "accept"/],
  'file-image-not-image': ['schemas/tabelas/cores.schema.json', '/properties/sample/x-file/accept/1', /names "pdf", which is not an image/],
  'file-on-other-kind': ['schemas/tabelas/cores.schema.json', '/properties/code/x-file', /applies only to a field of kind "file" \(this one is "integer"\)/],
  'file-in-list': ['schemas/tabelas/cores.schema.json', '/x-list/columns/2', /"sample", a file field, which a list cannot show/],
  'file-in-sublist': ['schemas/tabelas/cores.schema.json', '/properties/shades/items/properties/sample', /a file field cannot be in a sub-list item/],
  'invalid-json': ['schemas/tabelas/cores.schema.json', '', /is not valid JSON/],
  'kind-type': ['schemas/tabelas/cores.schema.json', '/properties/cpf', /kind "cpf", which needs type string/],
  'list-not-a-field': ['schemas/tabelas/cores.schema.json', '/x-list/columns/2', /"nome", which is not a field of cores/],
  'mask-without-mask': ['schemas/tabelas/cores.schema.json', '/properties/code', /needs "x-mask"/],
  'missing-keyword': ['schemas/tabelas/cores.schema.json', '/', /"x-table" is missing and is required here/],
  'reference-unknown-combo': ['schemas/tabelas/cores.schema.json', '/properties/parent_id/x-reference/combo', /names the combo "claras", which cores does not declare in "x-combos" \(its combos: default\)/],
  'required-not-a-field': ['schemas/tabelas/cores.schema.json', '/required', /"code", which is not a field/],
  'search-not-text': ['schemas/tabelas/cores.schema.json', '/x-list/search/0', /cannot be searched as text \(kind integer\)/],
  'section-field-twice': ['schemas/tabelas/cores.schema.json', '/x-sections/1/fields/0', /names "code", which is already in the section "data"/],
  'section-not-a-field': ['schemas/tabelas/cores.schema.json', '/x-sections/1/fields/1', /names "hex", which is not a field of the form of cores/],
  'sublist-main': ['schemas/tabelas/cores.schema.json', '/properties/shades/x-sublist/main', /not a boolean field of the item/],
  'sublist-week': ['schemas/tabelas/cores.schema.json', '/properties/shades/x-sublist/week/day', /names "day", which is not an integer enum of the days 1 to 7 of the item/],
  'sublist-too-deep': ['schemas/tabelas/cores.schema.json', '/properties/shades/items/properties/samples/items/properties/prints', /sub-lists nest 2 levels deep at most/],
  'unknown-area': ['schemas/outros/cores.schema.json', '', /not a menu area/],
  'unknown-icon': ['schemas/tabelas/cores.schema.json', '/x-icon', /names the icon "Palette", which the menu cannot draw: use one of AccountBalance, AccountTree, Apartment, .*MonitorHeart/],
  'unknown-kind': ['schemas/tabelas/cores.schema.json', '/properties/cpf/x-kind', /must be one of "text", .*"cpf", .*"json"/],
  'unknown-keyword': ['schemas/tabelas/cores.schema.json', '/properties/name', /"x-lable" is not a keyword of the schema language/],
  'unique-within-unknown': ['schemas/tabelas/cores.schema.json', '/properties/name/x-unique/within/0', /names "palette_id", which is not another field of the record with a column of its own/],
  'unknown-reference': ['schemas/tabelas/cores.schema.json', '/properties/uf_id/x-reference/module', /module "uf", which has no schema file/],
  'wrong-id': ['schemas/tabelas/cores.schema.json', '/$id', /must be "cores", the file's name/],
  'when-also-required': ['schemas/tabelas/cores.schema.json', '/properties/code/x-when', /cannot also be listed in "required": write "required": true inside "x-when"/],
  'when-unknown-field': ['schemas/tabelas/cores.schema.json', '/properties/code/x-when/field', /"tone", which is not another field of the same form/],
  'when-hide-not-required': ['schemas/tabelas/cores.schema.json', '/properties/code/x-when/hide', /keeps the field shown, so the condition must make it required/],
  'when-unknown-value': ['schemas/tabelas/cores.schema.json', '/properties/code/x-when/in/0', /"hsl", a value "kind" cannot hold \(its values: "rgb", "cmyk"\)/],
  'order-in-item-not-a-field': ['schemas/tabelas/cores.schema.json', '/properties/shades/items/x-order/0/end', /names "finishes_on", which is not a field of the form/],
  'order-not-a-date': ['schemas/tabelas/cores.schema.json', '/x-order/0/start', /"name", of kind text: only dates, date-times and times keep an order/],
  'message-without-rule': ['schemas/tabelas/cores.schema.json', '/properties/code/x-messages/maxLength', /the rule "maxLength", which the field "code" does not have/],
  'message-unknown-rule': ['schemas/tabelas/cores.schema.json', '/properties/code/x-messages/tooLong', /names no rule whose message can be replaced: use one of required, maxLength/],
  'access-any-admin-insert': ['schemas/tabelas/cores.schema.json', '/x-access', /every signed-in person, while "x-insert-permission" keeps insert to administrators/],
  'bulk-delete-without-delete': ['schemas/tabelas/cores.schema.json', '/x-bulk-delete', /"x-operations" offers no delete/],
  'postal-code-not-a-field': ['schemas/tabelas/cores.schema.json', '/properties/zip/x-postal-code/neighborhood', /names "district", which is not another field of the same form that a person fills/],
  'postal-code-wrong-kind': ['schemas/tabelas/cores.schema.json', '/properties/zip/x-postal-code/city_id', /names "town", of kind text: the answer's city_id fills a reference to municipios/],
  'postal-code-not-cep': ['schemas/tabelas/cores.schema.json', '/properties/zip/x-postal-code', /applies only to a field of kind "cep" \(this one is of kind "text"\)/],
  'postal-code-unknown-answer': ['schemas/tabelas/cores.schema.json', '/properties/places/items/properties/zip/x-postal-code/street', /is not a field of the postal-code lookup's answer: use uf_id, uf, city_id/],
  'natural-key-not-a-field': ['schemas/tabelas/cores.schema.json', '/x-natural-key', /names "code", which is not a field of the record with a column of its own/],
  'natural-key-not-unique': ['schemas/tabelas/cores.schema.json', '/x-natural-key', /names "name", which is not unique: give it "x-unique" \(true, or within other fields\)/],
  'read-only-server-set': ['schemas/tabelas/cores.schema.json', '/properties/code/readOnly', /cannot go with "x-server-set": a read-only field is shown, and its value comes from the server/],
  'ip-not-text': ['schemas/tabelas/cores.schema.json', '/properties/starts_on/format', /applies only to a text field \(this one is of kind integer\)/],
};

const badDir = join(fixturesDir, 'bad');

afterAll(removeScratchDirs);

describe('bad schemas', () => {
  it('has an expectation for every bad fixture', () => {
    expect(readdirSync(badDir).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s: names the file, the JSON path and what is wrong', (name, [file, path, sentence]) => {
    let error: unknown;
    try {
      loadModel(join(badDir, name));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SchemaError);
    const schemaError = error as SchemaError;
    expect(schemaError.file).toBe(file);
    expect(schemaError.jsonPath).toBe(path);
    expect(schemaError.sentence).toMatch(sentence);
  });

  it('stops the CLI with exit code 2 and the message alone, writing nothing', async () => {
    const root = copyFixture('bad/unknown-reference');
    const run = runCli(root);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      'schemas/tabelas/cores.schema.json at /properties/uf_id/x-reference/module: names module "uf", which has no schema file.',
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(readdirSync(root)).toEqual(['schemas']);
    expect((await runGenerator(root, '--check')).status).toBe(2);
  });
});
