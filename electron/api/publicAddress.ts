import { BlockList, isIP } from 'node:net';

/**
 * What kind of IP address this is, for fetching addresses a service hands us: only
 * `public` ones are on the open internet. An IPv4-mapped IPv6 address (::ffff:a.b.c.d)
 * takes the kind of a non-public IPv4 address inside it; otherwise it is `reserved`, like
 * every IPv6 address outside global unicast (2000::/3): a service has no reason to send one.
 */
export type AddressKind = 'public' | 'loopback' | 'private' | 'link-local' | 'unspecified' | 'reserved';

function blocks(subnets: Array<[string, number]>): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of subnets) list.addSubnet(network, prefix, isIP(network) === 6 ? 'ipv6' : 'ipv4');
  return list;
}

const RULES: Array<[Exclude<AddressKind, 'public'>, BlockList]> = [
  [
    'unspecified',
    blocks([
      ['0.0.0.0', 8],
      ['::', 128],
    ]),
  ],
  [
    'loopback',
    blocks([
      ['127.0.0.0', 8],
      ['::1', 128],
    ]),
  ],
  // 169.254.169.254 is where cloud machines read their metadata and credentials.
  [
    'link-local',
    blocks([
      ['169.254.0.0', 16],
      ['fe80::', 10],
    ]),
  ],
  [
    'private',
    blocks([
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
      ['100.64.0.0', 10],
      ['fc00::', 7],
    ]),
  ],
  [
    'reserved',
    blocks([
      ['192.0.0.0', 24],
      ['192.0.2.0', 24],
      ['198.18.0.0', 15],
      ['198.51.100.0', 24],
      ['203.0.113.0', 24],
      ['224.0.0.0', 4],
      ['240.0.0.0', 4],
      // Documentation, 6to4, Teredo, NAT64 and multicast: each can stand for, or reach, a non-public IPv4 address.
      ['2001:db8::', 32],
      ['2002::', 16],
      ['2001::', 32],
      ['64:ff9b::', 96],
      ['100::', 64],
      ['ff00::', 8],
    ]),
  ],
];

const GLOBAL_UNICAST_V6 = blocks([['2000::', 3]]);

/** The kind of an IP address; null when `address` is not an IP address at all. */
export function addressKind(address: string): AddressKind | null {
  const family = isIP(address);
  if (family === 0) return null;
  const type = family === 6 ? 'ipv6' : 'ipv4';
  for (const [kind, list] of RULES) if (list.check(address, type)) return kind;
  if (family === 6 && !GLOBAL_UNICAST_V6.check(address, 'ipv6')) return 'reserved';
  return 'public';
}

export const ADDRESS_KIND_WORDS: Record<AddressKind, string> = {
  public: 'public',
  loopback: 'loopback (this computer)',
  private: 'private-network',
  'link-local': 'link-local (cloud metadata lives there)',
  unspecified: 'unspecified',
  reserved: 'reserved, non-public',
};
