/**
 * PostgreSQL's reserved key words (its documentation's appendix "SQL Key Words": "reserved" and
 * "reserved (can be function or type)"): a table or column named so (`end`, `order`, `user`) must be
 * quoted in a statement.
 */
const RESERVED = new Set(
  ('all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate collation column ' +
    'concurrently constraint create cross current_catalog current_date current_role current_schema current_time ' +
    'current_timestamp current_user default deferrable desc distinct do else end except false fetch for foreign freeze ' +
    'from full grant group having ilike in initially inner intersect into is isnull join lateral leading left like limit ' +
    'localtime localtimestamp natural not notnull null offset on only or order outer overlaps placing primary references ' +
    'returning right select session_user similar some symmetric system_user table tablesample then to trailing true union ' +
    'unique user using variadic verbose when where window with').split(' '),
);

/** A name as a statement writes it: bare when it is a plain lower-case word, quoted otherwise. */
export function sqlName(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) && !RESERVED.has(name) ? name : `"${name.replaceAll('"', '""')}"`;
}
