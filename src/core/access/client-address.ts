// Whose registration budget a request spends: the client address, with IPv6 counted per /64
// (one subscriber usually holds a whole /64) and IPv4-mapped IPv6 counted as IPv4.
import net from 'node:net';

export function registrationSubject(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return `ip:${mapped[1]}`;
  if (net.isIPv4(ip)) return `ip:${ip}`;
  if (net.isIPv6(ip)) return `ip:${ipv6Prefix64(ip)}::/64`;
  return `ip:${ip}`;
}

function ipv6Prefix64(ip: string): string {
  const withoutZone = ip.split('%')[0];
  const [head, tail = ''] = withoutZone.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = withoutZone.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array(Math.max(missing, 0)).fill('0'), ...tailGroups];
  return groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':');
}
