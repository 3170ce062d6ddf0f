// Rendered response bodies kept in memory, each tagged with the content_version it was read
// under. A body is served only to a request whose own version read (made after it arrived) is
// not newer, so a cached answer is never staler than an uncached one. Least recently used bodies
// go first once the byte budget is full; requests that miss together share one rendering.
// The budget counts what an entry really costs (key, map entry, buffer), not only its body:
// anyone can ask for many small distinct pages, and memory must stay near the setting.
/** Measured: a small entry costs about 1.2 KB of heap and buffer memory beyond its body. */
export const ENTRY_OVERHEAD_BYTES = 1280;

export class ResponseCache {
  private readonly entries = new Map<string, { version: number; body: Buffer; cost: number }>();
  private readonly rendering = new Map<string, { version: number; body: Promise<Buffer> }>();
  private bytes = 0;

  /** `maxBytes` 0 turns the cache off (every request renders). */
  constructor(private readonly maxBytes: number) {}

  /** The body kept for `key` if it is current for `version` (synchronous: the hot path of a hit). */
  peek(key: string, version: number): Buffer | null {
    const hit = this.entries.get(key);
    if (!hit || hit.version < version) return null;
    this.entries.delete(key); // most recently used goes last
    this.entries.set(key, hit);
    return hit.body;
  }

  async get(key: string, version: number, render: () => Promise<Buffer>): Promise<Buffer> {
    if (this.maxBytes === 0) return render();
    const hit = this.peek(key, version);
    if (hit) return hit;
    const pending = this.rendering.get(key);
    if (pending && pending.version >= version) return pending.body;
    const body = render();
    this.rendering.set(key, { version, body });
    try {
      const rendered = await body;
      this.store(key, version, rendered);
      return rendered;
    } finally {
      if (this.rendering.get(key)?.body === body) this.rendering.delete(key);
    }
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private store(key: string, version: number, body: Buffer): void {
    const cost = body.length + 2 * key.length + ENTRY_OVERHEAD_BYTES;
    if (cost > this.maxBytes / 4) return; // one huge body must not flush everything else
    const old = this.entries.get(key);
    if (old) {
      if (old.version > version) return;
      this.bytes -= old.cost;
      this.entries.delete(key);
    }
    this.entries.set(key, { version, body, cost });
    this.bytes += cost;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.cost;
    }
  }
}
