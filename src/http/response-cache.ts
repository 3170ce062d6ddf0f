// Rendered response bodies kept in memory, each tagged with the content_version it was read
// under. A body is served only to a request whose own version read (made after it arrived) is
// not newer, so a cached answer is never staler than an uncached one. Least recently used bodies
// go first once the byte budget is full; requests that miss together share one rendering.
export class ResponseCache {
  private readonly entries = new Map<string, { version: number; body: Buffer }>();
  private readonly rendering = new Map<string, { version: number; body: Promise<Buffer> }>();
  private bytes = 0;

  /** `maxBytes` 0 turns the cache off (every request renders). */
  constructor(private readonly maxBytes: number) {}

  async get(key: string, version: number, render: () => Promise<Buffer>): Promise<Buffer> {
    if (this.maxBytes === 0) return render();
    const hit = this.entries.get(key);
    if (hit && hit.version >= version) {
      this.entries.delete(key); // most recently used goes last
      this.entries.set(key, hit);
      return hit.body;
    }
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
    if (body.length > this.maxBytes / 4) return; // one huge body must not flush everything else
    const old = this.entries.get(key);
    if (old) {
      if (old.version > version) return;
      this.bytes -= old.body.length;
      this.entries.delete(key);
    }
    this.entries.set(key, { version, body });
    this.bytes += body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.body.length;
    }
  }
}
