import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { refusedAddressReason } from './address-ranges.js';

/**
 * The guard every address a space can set goes through before the server connects to it: only
 * http and https, and only public addresses. The check runs on the address actually connected —
 * `guardedLookup` is handed to the connection itself, so a host name that resolves to a public
 * address when validated and to a private one when connecting (DNS rebinding) is still refused —
 * and again on every redirect. Hosts listed in OUTBOUND_ALLOWED_HOSTS (host names or IP literals,
 * as written in the address, e.g. `127.0.0.1,localhost`) skip the address check; MONITOR_ALLOWED_HOSTS,
 * its former name, still counts and adds to it. Monitors, S3 endpoints and FTP hosts all pass here.
 */

export class OutboundRefusedError extends Error {
  readonly code = 'OUTBOUND_REFUSED';
  constructor(readonly reason: string) {
    super(reason);
  }
}

export class OutboundDnsError extends Error {
  readonly code = 'OUTBOUND_DNS';
  constructor(readonly host: string, readonly reason: string) {
    super(reason);
  }
}

/** Host names or IPs allowed despite not being public; read from OUTBOUND_ALLOWED_HOSTS (and MONITOR_ALLOWED_HOSTS) by default. */
export type AllowedHosts = ReadonlySet<string>;

/** The setting's value: OUTBOUND_ALLOWED_HOSTS and the older MONITOR_ALLOWED_HOSTS together. */
export function allowedHostsSetting(env: NodeJS.ProcessEnv = process.env): string {
  return [env.OUTBOUND_ALLOWED_HOSTS, env.MONITOR_ALLOWED_HOSTS].filter((value) => value !== undefined && value !== '').join(',');
}

/** @example parseAllowedHosts('127.0.0.1, LocalHost') // Set { '127.0.0.1', 'localhost' } */
export function parseAllowedHosts(value: string | undefined = allowedHostsSetting()): AllowedHosts {
  return new Set((value ?? '').split(',').map(normaliseHost).filter((host) => host !== ''));
}

/** Lower case, without IPv6 brackets or the trailing dot of a fully qualified name. */
export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

export type OutboundUrlCheck = { ok: true; url: URL; allowed: boolean } | { ok: false; reason: string };

/**
 * Checks what can be checked without connecting: the scheme, and the host when it is an IP literal
 * (a literal is never looked up, so the connection would not pass through `guardedLookup`).
 */
export function checkOutboundUrl(address: string | URL, allowedHosts: AllowedHosts = parseAllowedHosts()): OutboundUrlCheck {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { ok: false, reason: 'Endereço inválido.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: 'Endereço não permitido: use http ou https.' };
  }
  const host = normaliseHost(url.hostname);
  if (host === '') return { ok: false, reason: 'Endereço inválido.' };
  if (allowedHosts.has(host)) return { ok: true, url, allowed: true };
  if (isIP(host) !== 0) {
    const reason = refusedAddressReason(host);
    if (reason) return { ok: false, reason };
  }
  return { ok: true, url, allowed: false };
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node's http(s)/net connections that resolves the host and hands the connection only
 * public addresses (all of them when the host is allowed). Works with both lookup shapes node uses
 * (`all: true` with happy eyeballs, a single address otherwise).
 */
export function guardedLookup(allowedHosts: AllowedHosts = parseAllowedHosts()) {
  return (hostname: string, options: { all?: boolean; family?: number | string } | number, callback: LookupCallback): void => {
    const opts = typeof options === 'number' ? { family: options } : options;
    resolvePublicAddresses(hostname, allowedHosts, opts.family).then(
      (addresses) => {
        if (opts.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (error) => callback(error, opts.all ? [] : ''),
    );
  };
}

/**
 * Resolves a host to the addresses a connection may use, or rejects with OutboundRefusedError /
 * OutboundDnsError. For protocols other than HTTP (FTP, SMTP…): connect to the returned address.
 */
export async function resolvePublicAddresses(
  hostname: string,
  allowedHosts: AllowedHosts = parseAllowedHosts(),
  family?: number | string,
): Promise<LookupAddress[]> {
  const host = normaliseHost(hostname);
  const all = await lookupAll(host, family);
  if (allowedHosts.has(host)) return all;
  const publicOnes = all.filter((entry) => refusedAddressReason(entry.address) === null);
  if (publicOnes.length === 0) throw new OutboundRefusedError(refusedAddressReason(all[0].address)!);
  return publicOnes;
}

function lookupAll(host: string, family?: number | string): Promise<LookupAddress[]> {
  const familyNumber = family === 'IPv4' ? 4 : family === 'IPv6' ? 6 : typeof family === 'number' ? family : 0;
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, family: familyNumber }, (error, addresses) => {
      if (error || addresses.length === 0) {
        reject(new OutboundDnsError(host, `Falha de DNS: não foi possível resolver ${host}.`));
      } else resolve(addresses);
    });
  });
}

/**
 * Why the guard will refuse to connect to this host (pt-BR), or null, found when an address is saved
 * rather than at its first use: an IP literal is checked as it is, a host name resolved (a name that
 * does not resolve yet is accepted; each connection resolves it again through the guard).
 * @example await outboundHostProblem('10.0.0.5') // 'Endereço não permitido: rede privada.' (or the range's reason)
 */
export async function outboundHostProblem(hostname: string, allowedHosts: AllowedHosts = parseAllowedHosts()): Promise<string | null> {
  const host = normaliseHost(hostname);
  if (host === '') return 'Endereço inválido.';
  if (allowedHosts.has(host)) return null;
  if (isIP(host) !== 0) return refusedAddressReason(host);
  try {
    await resolvePublicAddresses(host, allowedHosts);
  } catch (error) {
    if (error instanceof OutboundRefusedError) return error.reason;
  }
  return null;
}

/** `outboundHostProblem` for an address (`https://host:port/…`): its scheme first (http or https only). */
export async function outboundUrlProblem(address: string, allowedHosts: AllowedHosts = parseAllowedHosts()): Promise<string | null> {
  const guard = checkOutboundUrl(address, allowedHosts);
  if (!guard.ok) return guard.reason;
  return guard.allowed ? null : outboundHostProblem(guard.url.hostname, allowedHosts);
}
