import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refusedAddressReason } from '../../src/server/core/net/address-ranges.js';
import { runCheck } from '../../src/server/features/monitoring/check.js';
import { allowedHostsSetting, checkOutboundUrl, guardedLookup, parseAllowedHosts, resolvePublicAddresses } from '../../src/server/core/net/outbound.js';
import { startFixtureServer, type FixtureServer } from './support/fixture-server.js';

let fixture: FixtureServer;
const savedAllowed = process.env.MONITOR_ALLOWED_HOSTS;

beforeAll(async () => {
  fixture = await startFixtureServer();
});
afterAll(() => fixture.close());
afterEach(() => {
  if (savedAllowed === undefined) delete process.env.MONITOR_ALLOWED_HOSTS;
  else process.env.MONITOR_ALLOWED_HOSTS = savedAllowed;
});

describe('which addresses are public', () => {
  it.each([
    ['127.0.0.1', 'Endereço não permitido: máquina local (loopback).'],
    ['127.255.0.9', 'Endereço não permitido: máquina local (loopback).'],
    ['::1', 'Endereço não permitido: máquina local (loopback).'],
    ['10.1.2.3', 'Endereço não permitido: rede privada.'],
    ['172.16.0.1', 'Endereço não permitido: rede privada.'],
    ['172.31.255.254', 'Endereço não permitido: rede privada.'],
    ['192.168.0.10', 'Endereço não permitido: rede privada.'],
    ['fd12:3456::1', 'Endereço não permitido: rede privada.'],
    ['::ffff:10.0.0.1', 'Endereço não permitido: rede privada.'],
    ['169.254.169.254', 'Endereço não permitido: rede link-local.'],
    ['fe80::1', 'Endereço não permitido: rede link-local.'],
    ['0.0.0.0', 'Endereço não permitido: endereço não especificado.'],
    ['::', 'Endereço não permitido: endereço não especificado.'],
    ['100.64.0.1', 'Endereço não permitido: faixa reservada ou não pública.'],
    ['224.0.0.1', 'Endereço não permitido: faixa reservada ou não pública.'],
    ['255.255.255.255', 'Endereço não permitido: faixa reservada ou não pública.'],
  ])('%s is refused', (address, reason) => {
    expect(refusedAddressReason(address)).toBe(reason);
  });

  it.each(['8.8.8.8', '172.32.0.1', '200.160.2.3', '2804:14c::1', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(refusedAddressReason(address)).toBeNull();
  });
});

describe('the outbound guard', () => {
  it('accepts only http and https', () => {
    expect(checkOutboundUrl('ftp://example.com/', new Set())).toEqual({ ok: false, reason: 'Endereço não permitido: use http ou https.' });
    expect(checkOutboundUrl('file:///etc/passwd', new Set())).toMatchObject({ ok: false });
    expect(checkOutboundUrl('não é endereço', new Set())).toEqual({ ok: false, reason: 'Endereço inválido.' });
    expect(checkOutboundUrl('https://example.com/', new Set())).toMatchObject({ ok: true, allowed: false });
  });

  it('judges IP literals however they are spelled', () => {
    expect(checkOutboundUrl('http://0x7f.1/', new Set())).toMatchObject({ ok: false, reason: 'Endereço não permitido: máquina local (loopback).' });
    expect(checkOutboundUrl('http://[::ffff:192.168.1.1]/', new Set())).toMatchObject({ ok: false, reason: 'Endereço não permitido: rede privada.' });
  });

  it('refuses a host name that resolves to a non-public address', async () => {
    await expect(resolvePublicAddresses('localhost', new Set())).rejects.toMatchObject({ reason: 'Endereço não permitido: máquina local (loopback).' });
    await expect(resolvePublicAddresses('localhost', parseAllowedHosts('LOCALHOST'))).resolves.not.toHaveLength(0);
  });

  it('hands a connection only the addresses it may use, in both lookup shapes node asks for', async () => {
    const ask = (allowed: string, options: { all?: boolean }) =>
      new Promise<{ error: unknown; address: unknown }>((resolve) =>
        guardedLookup(parseAllowedHosts(allowed))('localhost', options, (error, address) => resolve({ error, address })),
      );
    expect((await ask('', { all: true })).error).toMatchObject({ reason: 'Endereço não permitido: máquina local (loopback).' });
    expect((await ask('', {})).error).toMatchObject({ reason: 'Endereço não permitido: máquina local (loopback).' });
    expect(await ask('localhost', {})).toMatchObject({ error: null, address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) });
    expect((await ask('localhost', { all: true })).address).toEqual(expect.arrayContaining([expect.objectContaining({ address: '127.0.0.1' })]));
  });

  it('reads the allowed hosts as a comma-separated list of hosts', () => {
    expect([...parseAllowedHosts(' 127.0.0.1, LocalHost. ,[::1],')]).toEqual(['127.0.0.1', 'localhost', '::1']);
  });

  it('reads OUTBOUND_ALLOWED_HOSTS and the former MONITOR_ALLOWED_HOSTS together', () => {
    expect(allowedHostsSetting({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', MONITOR_ALLOWED_HOSTS: 'localhost' })).toBe('127.0.0.1,localhost');
    expect(allowedHostsSetting({ MONITOR_ALLOWED_HOSTS: 'localhost' })).toBe('localhost');
    expect(allowedHostsSetting({ OUTBOUND_ALLOWED_HOSTS: 'minio.local', MONITOR_ALLOWED_HOSTS: '' })).toBe('minio.local');
    expect(allowedHostsSetting({})).toBe('');
  });
});

describe('checks through the guard', () => {
  it('refuses the loopback fixture without MONITOR_ALLOWED_HOSTS and never connects', async () => {
    delete process.env.MONITOR_ALLOWED_HOSTS;
    const url = fixture.route('/guarded', { body: 'ok' });
    const result = await runCheck({ url });
    expect(result).toMatchObject({ ok: false, status: null, reason: 'Endereço não permitido: máquina local (loopback).' });
    expect(fixture.hits('/guarded')).toBe(0);

    process.env.MONITOR_ALLOWED_HOSTS = '127.0.0.1,localhost';
    expect(await runCheck({ url })).toMatchObject({ ok: true, status: 200 });
    expect(fixture.hits('/guarded')).toBe(1);
  });

  it('refuses a redirect to a private address', async () => {
    const url = fixture.route('/to-private', { redirectTo: 'http://192.168.0.1/admin' });
    const result = await runCheck({ url }, { allowedHosts: parseAllowedHosts('127.0.0.1') });
    expect(result).toMatchObject({ ok: false, reason: 'Endereço não permitido: rede privada.' });
  });

  it('checks the address actually connected on a redirect: a name resolving to loopback is refused', async () => {
    fixture.route('/inside', { body: 'segredo' });
    const url = fixture.route('/to-name', { redirectTo: `http://localhost:${fixture.port}/inside` });
    const result = await runCheck({ url }, { allowedHosts: parseAllowedHosts('127.0.0.1') });
    expect(result).toMatchObject({ ok: false, reason: 'Endereço não permitido: máquina local (loopback).' });
    expect(fixture.hits('/inside')).toBe(0);
  });

  it('reports a name that does not resolve', async () => {
    const result = await runCheck({ url: 'http://nao-existe.invalid/' }, { allowedHosts: new Set() });
    expect(result).toMatchObject({ ok: false, status: null, reason: 'Falha de DNS: não foi possível resolver nao-existe.invalid.' });
  });
});
