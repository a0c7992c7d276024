/** What the environment chooses; everything has a default that makes the full run. */
export interface BenchConfig {
  /** Municipalities added to the PostgreSQL table, and persons to theirs (BENCH_ROWS). */
  rows: number;
  /** Municipalities added to the embedded database (BENCH_EMBEDDED_ROWS, default BENCH_ROWS). */
  embeddedRows: number;
  /** Timed rounds per latency figure (BENCH_ROUNDS). */
  rounds: number;
  /** Which figures to run (BENCH_ONLY=1,2,5), all by default. */
  only: Set<string>;
}

const number = (raw: string | undefined, fallback: number) => (raw && Number.isFinite(Number(raw)) && Number(raw) > 0 ? Math.round(Number(raw)) : fallback);

export function benchConfig(env = process.env): BenchConfig {
  const rows = number(env.BENCH_ROWS, 1_000_000);
  return {
    rows,
    embeddedRows: number(env.BENCH_EMBEDDED_ROWS, rows),
    rounds: number(env.BENCH_ROUNDS, 200),
    only: new Set((env.BENCH_ONLY ?? '1,2,3,4,5,6,7,8,9,10,11,12,13,14,15').split(',').map((s) => s.trim()).filter(Boolean)),
  };
}
