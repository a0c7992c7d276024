import type { DatabaseHandle } from './types.js';

/**
 * Keeps open database handles by key and closes the least recently used one past `capacity`
 * (each PGlite costs hundreds of MiB). Pinned keys (the platform database) are never closed here.
 * Concurrent first uses of a key share one opening.
 */
export class HandleCache {
  private readonly entries = new Map<string, Promise<DatabaseHandle>>();

  constructor(
    readonly capacity = 4,
    private readonly pinned: ReadonlySet<string> = new Set(),
  ) {}

  async get(key: string, open: () => Promise<DatabaseHandle>): Promise<DatabaseHandle> {
    let entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry;
    }
    entry = open();
    this.entries.set(key, entry);
    entry.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    const handle = await entry;
    await this.evictBeyondCapacity();
    return handle;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** Closes and forgets one handle (no-op when it is not open). */
  async remove(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    await entry.then((handle) => handle.close()).catch(() => undefined);
  }

  async closeAll(): Promise<void> {
    const all = [...this.entries.values()];
    this.entries.clear();
    await Promise.allSettled(all.map(async (entry) => (await entry).close()));
  }

  private async evictBeyondCapacity(): Promise<void> {
    const closing: Promise<void>[] = [];
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      if (this.pinned.has(key)) continue;
      const entry = this.entries.get(key)!;
      this.entries.delete(key);
      closing.push(entry.then((handle) => handle.close()).catch(() => undefined));
    }
    await Promise.all(closing);
  }
}
