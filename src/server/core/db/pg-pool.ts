import pg from 'pg';

const INT8 = 20;
const DATE = 1082;

/**
 * Column values as the API returns them: bigint ids and counts as numbers (they stay far below
 * 2^53), `date` as the 'YYYY-MM-DD' text it is (a JS Date would shift it by the time zone).
 * `numeric` (money, decimal) stays a string so no cent is lost; timestamps become Date.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return (value: string) => Number(value);
    if (oid === DATE) return (value: string) => value;
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

export function createPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ ...config, types } as pg.PoolConfig);
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return pool;
}
