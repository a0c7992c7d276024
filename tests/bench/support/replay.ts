import type pg from 'pg';
import type { Statement } from './api.js';

/**
 * Statements grouped as the server ran them: one that started before every statement of the
 * current group had ended ran alongside it (Promise.all), otherwise it waited for the group.
 */
export function waves(statements: Statement[]): Statement[][] {
  const sorted = [...statements].sort((a, b) => a.start - b.start);
  const groups: Statement[][] = [];
  for (const statement of sorted) {
    const current = groups.at(-1);
    if (current && statement.start < Math.min(...current.map((s) => s.end))) current.push(statement);
    else groups.push([statement]);
  }
  return groups;
}

/** Runs the groups through `pg` in the same order and parallelism; returns every result. */
export async function replay(pool: pg.Pool, groups: Statement[][]): Promise<pg.QueryResult[]> {
  const results: pg.QueryResult[] = [];
  for (const group of groups) results.push(...(await Promise.all(group.map((s) => pool.query(s.sql, s.parameters as unknown[])))));
  return results;
}

/** Statements that read the listed table (the page, the count, the estimate), not the session checks. */
export const listStatements = (statements: Statement[], table: string) =>
  statements.filter((s) => s.sql.includes(`"${table}"`) || s.sql.includes('pg_class'));

/** The statement that fetches the page's rows (it may carry the count too). */
export const pageStatement = (statements: Statement[]) => {
  const found = statements.find((s) => /\boffset\b/i.test(s.sql) && !/^select count\(/i.test(s.sql));
  if (!found) throw new Error('no page statement among the recorded ones');
  return found;
};
