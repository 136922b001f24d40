/**
 * IPv4/IPv6 networks as Python's `ipaddress.ip_network(value, strict=False)` reads them: an
 * address with an optional "/prefix" (a length, or for IPv4 a netmask or host mask), host bits
 * cleared; or a whole number (an IPv4 address below 2^32, else IPv6). Null when not a network.
 */
export interface Network {
  version: 4 | 6;
  first: bigint;
  last: bigint;
}

const V4_BITS = 32;
const V6_BITS = 128;
const V4_MAX = (1n << 32n) - 1n;
const V6_MAX = (1n << 128n) - 1n;

function parseV4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    // Python refuses empty octets, more than 3 digits and leading zeros.
    if (!/^[0-9]{1,3}$/.test(p) || (p.length > 1 && p.startsWith('0'))) return null;
    const v = Number(p);
    if (v > 255) return null;
    n = (n << 8n) | BigInt(v);
  }
  return n;
}

function parseV6(text: string): bigint | null {
  if (text.length === 0 || text.length > 45) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (s: string): number[] | null => {
    if (s === '') return [];
    const raw = s.split(':');
    const out: number[] = [];
    for (let i = 0; i < raw.length; i++) {
      const g = raw[i]!;
      if (i === raw.length - 1 && g.includes('.')) {
        const v4 = parseV4(g);
        if (v4 === null) return null;
        out.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
        out.push(parseInt(g, 16));
      }
    }
    return out;
  };
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return null;
  let groups: number[];
  if (halves.length === 2) {
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  } else {
    groups = head;
  }
  if (groups.length !== 8) return null;
  return groups.reduce((n, g) => (n << 16n) | BigInt(g), 0n);
}

/** Prefix length of a netmask (ones then zeros) or a host mask (zeros then ones), else null. */
function prefixOfMask(mask: bigint): number | null {
  const bits = mask.toString(2).padStart(V4_BITS, '0');
  const net = /^(1*)0*$/.exec(bits);
  if (net) return net[1]!.length;
  const host = /^0*(1*)$/.exec(bits);
  if (host) return V4_BITS - host[1]!.length;
  return null;
}

function range(address: bigint, prefix: number, bits: number): Network {
  const hostBits = BigInt(bits - prefix);
  const hostMask = (1n << hostBits) - 1n;
  const first = address & ~hostMask & (bits === V4_BITS ? V4_MAX : V6_MAX);
  return { version: bits === V4_BITS ? 4 : 6, first, last: first | hostMask };
}

function parsePrefix(text: string, bits: number): number | null {
  if (!/^[0-9]+$/.test(text)) return null;
  const n = Number(text);
  return n <= bits ? n : null;
}

/** The network an address text names (ip_network(text, strict=False)), or null. */
export function parseNetwork(text: string): Network | null {
  const slash = text.split('/');
  if (slash.length > 2) return null;
  const [addr, prefixText] = [slash[0]!, slash[1]];
  const v4 = parseV4(addr);
  if (v4 !== null) {
    if (prefixText === undefined) return range(v4, V4_BITS, V4_BITS);
    let prefix = parsePrefix(prefixText, V4_BITS);
    if (prefix === null) {
      const mask = parseV4(prefixText);
      prefix = mask === null ? null : prefixOfMask(mask);
    }
    return prefix === null ? null : range(v4, prefix, V4_BITS);
  }
  const v6 = parseV6(addr);
  if (v6 === null) return null;
  if (prefixText === undefined) return range(v6, V6_BITS, V6_BITS);
  const prefix = parsePrefix(prefixText, V6_BITS);
  return prefix === null ? null : range(v6, prefix, V6_BITS);
}

/** The one-address network of a whole number (ip_network(int)), or null past 2^128 - 1. */
export function networkOfNumber(n: bigint): Network | null {
  if (n < 0n) return null;
  if (n <= V4_MAX) return { version: 4, first: n, last: n };
  if (n <= V6_MAX) return { version: 6, first: n, last: n };
  return null;
}
