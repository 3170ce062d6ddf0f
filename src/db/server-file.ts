// A server on the embedded database says where it listens, in DATA_DIR/server.json, so that the
// CLI (which cannot open the same directory while the server holds it) can reach the server's
// admin API instead. Holds no secret: the CLI still needs ADMIN_TOKEN.
import fs from 'node:fs';
import path from 'node:path';

export const SERVER_FILE = 'server.json';

export interface ServerFile {
  readonly pid: number;
  readonly url: string;
}

/** Writes the file and returns a function that removes it (if it is still ours). */
export function advertiseServer(dataDir: string, url: string): () => void {
  const file = path.join(dataDir, SERVER_FILE);
  const content: ServerFile = { pid: process.pid, url };
  fs.writeFileSync(file, JSON.stringify(content) + '\n', { mode: 0o644 });
  return () => {
    try {
      if ((JSON.parse(fs.readFileSync(file, 'utf8')) as ServerFile).pid === process.pid) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

/** The URL a local client reaches a server listening on `host:port` at. */
export function localUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}
