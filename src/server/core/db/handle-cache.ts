import type { DatabaseHandle } from './types.js';

interface Entry {
  opening: Promise<DatabaseHandle>;
  /** Requests using the handle now; an evicted handle closes when the last one ends. */
  leases: number;
  evicted: boolean;
}

/**
 * Keeps open database handles by key and closes the least recently used one past `capacity`
 * (each PGlite costs hundreds of MiB). Concurrent first uses of a key share one opening.
 * `lease()` marks a handle busy so eviction waits for the work on it to end.
 */
export class HandleCache {
  private readonly entries = new Map<string, Entry>();

  constructor(readonly capacity = 4) {}

  async get(key: string, open: () => Promise<DatabaseHandle>): Promise<DatabaseHandle> {
    return (await this.lease(key, open, false)).handle;
  }

  /** The handle and a `release` to call once the work on it is over (idempotent). */
  async lease(key: string, open: () => Promise<DatabaseHandle>, busy = true): Promise<{ handle: DatabaseHandle; release: () => void }> {
    let entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    } else {
      entry = { opening: open(), leases: 0, evicted: false };
      this.entries.set(key, entry);
      const created = entry;
      entry.opening.catch(() => {
        if (this.entries.get(key) === created) this.entries.delete(key);
      });
    }
    if (busy) entry.leases += 1;
    const handle = await entry.opening.catch((error) => {
      if (busy) entry.leases -= 1;
      throw error;
    });
    this.evictBeyondCapacity();
    let released = !busy;
    const leased = entry;
    const release = () => {
      if (released) return;
      released = true;
      leased.leases -= 1;
      if (leased.evicted && leased.leases === 0) void closeQuietly(leased);
    };
    return { handle, release };
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** Closes and forgets one handle (no-op when it is not open). */
  async remove(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    await closeQuietly(entry);
  }

  async closeAll(): Promise<void> {
    const all = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(all.map(closeQuietly));
  }

  private evictBeyondCapacity(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(key);
      entry.evicted = true;
      if (entry.leases === 0) void closeQuietly(entry);
    }
  }
}

async function closeQuietly(entry: Entry): Promise<void> {
  await entry.opening.then((handle) => handle.close()).catch(() => undefined);
}
