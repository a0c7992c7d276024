import { BlockList, isIP } from 'node:net';

/** Why an address is not public, in the words shown to the person who set it. */
export const REFUSED_ADDRESS_REASONS = {
  loopback: 'Endereço não permitido: máquina local (loopback).',
  private: 'Endereço não permitido: rede privada.',
  linkLocal: 'Endereço não permitido: rede link-local.',
  unspecified: 'Endereço não permitido: endereço não especificado.',
  reserved: 'Endereço não permitido: faixa reservada ou não pública.',
} as const;

type RangeKind = keyof typeof REFUSED_ADDRESS_REASONS;

const RANGES: Record<RangeKind, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [['127.0.0.0', 8, 'ipv4'], ['::1', 128, 'ipv6']],
  private: [['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4'], ['fc00::', 7, 'ipv6']],
  linkLocal: [['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']],
  unspecified: [['0.0.0.0', 8, 'ipv4'], ['::', 128, 'ipv6']],
  reserved: [
    ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
    ['192.0.0.0', 24, 'ipv4'],
    ['192.0.2.0', 24, 'ipv4'],
    ['198.18.0.0', 15, 'ipv4'],
    ['198.51.100.0', 24, 'ipv4'],
    ['203.0.113.0', 24, 'ipv4'],
    ['224.0.0.0', 4, 'ipv4'], // multicast
    ['240.0.0.0', 4, 'ipv4'], // reserved and broadcast
    ['64:ff9b::', 96, 'ipv6'], // NAT64 can reach any IPv4 address, private ones included
    ['64:ff9b:1::', 48, 'ipv6'],
    ['100::', 64, 'ipv6'],
    ['2001::', 23, 'ipv6'],
    ['2001:db8::', 32, 'ipv6'],
    ['2002::', 16, 'ipv6'], // 6to4 embeds an arbitrary IPv4 address
    ['fec0::', 10, 'ipv6'],
    ['ff00::', 8, 'ipv6'], // multicast
  ],
};

const LISTS = Object.entries(RANGES).map(([kind, subnets]) => {
  const list = new BlockList();
  for (const [network, prefix, family] of subnets) list.addSubnet(network, prefix, family);
  return { kind: kind as RangeKind, list };
});

/**
 * The pt-BR reason an IP address may not be reached, or null when it is public.
 * IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) are judged as the IPv4 address they carry.
 * @example refusedAddressReason('10.1.2.3') // 'Endereço não permitido: rede privada.'
 */
export function refusedAddressReason(address: string): string | null {
  const version = isIP(address);
  if (version === 0) return REFUSED_ADDRESS_REASONS.reserved;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  for (const { kind, list } of LISTS) {
    if (list.check(address, family)) return REFUSED_ADDRESS_REASONS[kind];
  }
  return null;
}
