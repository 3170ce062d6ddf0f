// DNS-rebinding protection of the MCP endpoint: a web page on another site cannot reach it
// through a name that it makes resolve to this server (or to localhost), because the Host
// header then names that other site. Host must be BASE_URL's host or a loopback name (any
// port: tunnels and proxies on this machine keep their own); Origin, when sent, likewise.
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

export function hostCheck(baseUrl: string) {
  const publicHost = new URL(baseUrl).host.toLowerCase();
  const allowed = (host: string) => host === publicHost || LOOPBACK.test(host.replace(/:\d+$/, ''));
  /** Null when the request may proceed, else why not. */
  return function refusal(host: string | undefined, origin: string | undefined): string | null {
    if (!host || !allowed(host.toLowerCase())) return `Host "${host ?? ''}" is not this server's (${publicHost}, or localhost)`;
    if (origin === undefined) return null;
    let originHost: string;
    try {
      originHost = new URL(origin).host.toLowerCase();
    } catch {
      return `Origin "${origin}" is not allowed`;
    }
    return allowed(originHost) ? null : `Origin "${origin}" is not allowed`;
  };
}
