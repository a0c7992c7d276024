/**
 * fast-check arbitraries for the fuzz suite: values drawn from a field's JSON Schema (the body
 * rules of `rules.create` / `rules.edit`) and hostile values a script or a careless client sends.
 */
import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';

type Rule = Record<string, any>;

const nested = (depth: number): unknown => {
  let value: unknown = 'fundo';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

/** Values no field expects: blanks, NUL, wrong types, out of range, odd unicode, injection-looking text. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null, '', ' ', '   \t\n ', '\u0000', 'a\u0000b', true, false, 0, -1, 1.5, -0.000001, 2 ** 31, -(2 ** 31) - 1,
    1e308, -1e308, Number.MAX_SAFE_INTEGER, 2 ** 63, '1e3', '٣', '𝒳𝒴', '\uD800', '\uFEFF', 'Ação', 'ß'.repeat(300),
    '<script>alert(1)</script>', "'; drop table users; --", '%00', '../../etc/passwd', '{"a":1}', '[]',
    [], {}, [null], [[]], [{}], [1, 'a', null], { id: 1 }, { __proto__: null, constructor: 'x' },
    'x'.repeat(70_000), ' x ', '2024-02-30', '0000-00-00', '2026-00-10', '9999-99-99T99:99', '25:61', '#zzz', '00000-000', '000.000.000-00',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(nested(300)),
);

/** Raw JSON texts that are not the object a write expects, or are objects of a dangerous shape. */
export const hostileBodyText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '42', '"x"', 'null', '[]', 'true', '[{}]', '{}', '""', '-0', '1e999',
    '{"__proto__": {"admin": true}}', '{"constructor": {"prototype": {"admin": true}}}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`, `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`, `{"a": "${'x'.repeat(1_000_000)}"}`,
    JSON.stringify(Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`campo_${i}`, i]))),
  ),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
);

const pad = (n: number, size = 2) => String(n).padStart(size, '0');
const dateText = fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

/** A text shaped by the rule's format, pattern and lengths (so many bodies pass validation). */
function textFor(rule: Rule): fc.Arbitrary<string> {
  const kind = rule['x-kind'];
  const maxLength = rule.maxLength ?? 300;
  if (rule.format === 'email') return fc.emailAddress().filter((e) => e.length <= maxLength);
  if (rule.format === 'cpf') return fc.constantFrom(generateCpf(), generateCpf(), '111.111.111-11');
  if (rule.format === 'cnpj') return fc.constantFrom(generateCnpj(), generateCnpj(), '11.222.333/0001-80');
  if (rule.format === 'money') return fc.constantFrom('1.234,56', '0,00', '10,5', '-3,00', '9.999.999.999.999,99', 'abc');
  if (kind === 'url') return fc.webUrl();
  if (kind === 'date') return dateText;
  if (kind === 'datetime') return fc.tuple(dateText, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([d, h, m]) => `${d}T${pad(h)}:${pad(m)}:00Z`);
  if (kind === 'time') return fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${pad(h)}:${pad(m)}`);
  if (kind === 'image') return fc.constantFrom('data:image/png;base64,iVBORw0KGgo=', 'data:text/plain;base64,eA==', 'nao-e-imagem');
  if (rule['x-mask']) {
    const mask = String(rule['x-mask']);
    return fc.array(fc.integer({ min: 0, max: 9 }), { minLength: mask.length, maxLength: mask.length })
      .map((digits) => mask.replace(/[0A*]/g, (c, i: number) => (c === 'A' ? String.fromCharCode(65 + digits[i % digits.length]) : String(digits[i % digits.length]))));
  }
  if (rule.pattern) return fc.stringMatching(new RegExp(rule.pattern)).filter((t) => t.length <= maxLength);
  return fc.oneof(
    fc.string({ minLength: rule.minLength ?? 1, maxLength: Math.min(maxLength, 40), unit: 'grapheme' }),
    fc.string({ maxLength: Math.min(maxLength + 2, 60), unit: 'binary' }),
  );
}

/** A value of the rule's own type (valid or near it), or now and then a hostile one. */
export function valueOf(rule: Rule, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: typedValue(rule, depth) }, { weight: 1, arbitrary: hostileValue });
}

function typedValue(rule: Rule, depth: number): fc.Arbitrary<unknown> {
  if (Array.isArray(rule.enum)) return fc.constantFrom(...(rule.enum as unknown[]));
  const types: string[] = ([] as string[]).concat(rule.type ?? 'string');
  return fc.oneof(...types.map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'null': return fc.constant(null);
      case 'boolean': return fc.boolean();
      case 'integer': return fc.integer({ min: rule.minimum ?? -(2 ** 31), max: rule.maximum ?? 2 ** 31 - 1 });
      case 'number': return fc.double({ noNaN: true, noDefaultInfinity: true, min: rule.minimum, max: rule.maximum });
      case 'array': return fc.array(rule.items && depth < 2 ? valueOf(rule.items, depth + 1) : fc.integer({ min: 1, max: 50 }), { maxLength: 3 });
      case 'object': return rule.properties && depth < 2 ? bodyOf(rule, depth + 1) : fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
      default: return textFor(rule);
    }
  }));
}

/** An object body from an object rule: some properties left out, some hostile, now and then an unknown key. */
export function bodyOf(schema: Rule, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Rule>);
  const model = Object.fromEntries(properties.map(([name, rule]) => [name, valueOf(rule, depth)]));
  return fc.tuple(
    fc.record(model, { requiredKeys: (schema.required ?? []).filter((name: string) => name in model) }),
    fc.option(fc.constantFrom('__proto__', 'constructor', 'campo_desconhecido', 'id', 'created_at'), { nil: undefined }),
  ).map(([body, extra]) => {
    if (extra === undefined) return body;
    const withExtra = JSON.parse(JSON.stringify(body));
    Object.defineProperty(withExtra, extra, { value: { valor: 1 }, enumerable: true, configurable: true, writable: true });
    return withExtra;
  });
}

/** A body for a write: mostly built from the rules (starting from a valid body when one is known), sometimes not an object at all. */
export function writeBodyText(schema: Rule, valid: Record<string, unknown> | null): fc.Arbitrary<string> {
  const mutated = valid
    ? fc.dictionary(fc.constantFrom(...Object.keys(schema.properties ?? { x: 1 })), hostileValue, { maxKeys: 2 })
      .map((changes) => JSON.stringify({ ...valid, ...changes }))
    : bodyOf(schema).map((body) => JSON.stringify(body));
  return fc.oneof(
    { weight: 3, arbitrary: bodyOf(schema).map((body) => JSON.stringify(body)) },
    { weight: 3, arbitrary: mutated },
    { weight: 1, arbitrary: hostileBodyText },
  );
}

/** Texts for a path segment that should name a record. */
export const hostileIdText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('0', '-1', 'abc', '1e3', '99999999999999999999', '%00', '1%00', '1.5', '%201', '%D9%A3', 'null', '%2e%2e', '0x10', '+5', '1,2', '%E0%A4%A'),
  fc.integer({ min: 10_000_000, max: 2 ** 31 - 1 }).map(String),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);

/** A query string of known and unknown parameters with hostile values, some repeated. */
export function queryText(names: string[], jsonFilter: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const value = fc.oneof(
    fc.constantFrom('', '1', '0', '-1', 'asc', 'desc', 'id', '99999999999999999999', '1e3', 'a'.repeat(300), '%00', 'null', '{}', '[1]', '%E0%A4%A'),
    fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent),
    jsonFilter.map(encodeURIComponent),
    fc.integer().map(String),
  );
  const pair = fc.tuple(fc.constantFrom(...names, 'filter', 'filter', 'q', 'page', 'per_page', 'sort', 'order', 'cursor', 'id', 'combo', 'x[y]', '__proto__'), value);
  return fc.array(pair, { maxLength: 5 }).map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&'));
}

/** A `filter` JSON object over the given keys (and some unknown ones) with hostile values. */
export function filterText(keys: string[]): fc.Arbitrary<string> {
  const key = fc.constantFrom(...keys, ...keys.map((k) => `${k}_gte`), ...keys.map((k) => `${k}_lte`), 'q', 'nao_existe');
  return fc.oneof(
    { weight: 4, arbitrary: fc.dictionary(key, fc.oneof(hostileValue, fc.array(fc.integer(), { maxLength: 3 })), { maxKeys: 3 }).map((f) => JSON.stringify(f)) },
    { weight: 1, arbitrary: hostileBodyText.filter((t) => t.length < 10_000) },
  );
}

/** A query string of react-admin's simple-rest dialect: `sort`, `range` and `filter` as JSON, hostile or not. */
export function restQueryText(columns: string[], jsonFilter: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const column = fc.constantFrom(...columns, 'nao_existe', '');
  const value = fc.oneof(
    fc.tuple(column, fc.constantFrom('ASC', 'DESC', 'asc', 'x', '')).map((pair) => JSON.stringify(pair)),
    fc.tuple(fc.integer({ min: -5, max: 200_000 }), fc.integer({ min: -5, max: 200_000 })).map((pair) => JSON.stringify(pair)),
    jsonFilter,
    hostileValue.map((v) => JSON.stringify(v) ?? 'undefined'),
    fc.constantFrom('', '[', '[1]', '[1,2,3]', '["id"]', '{}', 'null', 'a'.repeat(300)),
  ).map(encodeURIComponent);
  const pair = fc.tuple(fc.constantFrom('sort', 'range', 'filter', 'filter', 'q', 'x[y]', '__proto__'), value);
  return fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&'));
}
