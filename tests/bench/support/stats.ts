import { performance } from 'node:perf_hooks';

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export const median = (samples: number[]) => percentile(samples, 50);

/** Milliseconds one call of `work` takes. */
export async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/**
 * Times several contenders in turns (A, B, A, B, …) so that both see the same machine state;
 * `warmup` untimed rounds first. Returns the samples of each contender.
 */
export async function alternate(contenders: Record<string, () => Promise<unknown>>, rounds: number, warmup = 5): Promise<Record<string, number[]>> {
  const names = Object.keys(contenders);
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < warmup + rounds; round++) {
    for (const name of names) {
      const took = await timed(contenders[name]);
      if (round >= warmup) samples[name].push(took);
    }
  }
  return samples;
}

/** Calls of `work` per second from `clients` concurrent loops during `seconds`, and how many were made. */
export async function perSecond(clients: number, seconds: number, work: () => Promise<unknown>): Promise<{ rate: number; calls: number }> {
  let calls = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < end) {
      await work();
      calls += 1;
    }
  }));
  return { rate: calls / ((performance.now() - start) / 1000), calls };
}
