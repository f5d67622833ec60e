import { isPrivateAddress, nextAttemptDelay, urlProblem } from './address.rules.js';
import { checkHost } from './webhook-sender.js';

// Every spelling of a private, loopback, link-local or metadata address, as a URL's host is typed:
// the check sees what the URL parser makes of it (`[::127.0.0.1]` becomes `[::7f00:1]`).
const REFUSED_HOSTS = [
  '127.0.0.1',
  '2130706433',
  '0x7f.1',
  '127.1',
  '0',
  '10.0.0.1',
  '169.254.169.254',
  '[::1]',
  '[::]',
  '[::127.0.0.1]',
  '[::7f00:1]',
  '[::10.0.0.1]',
  '[::169.254.169.254]',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[0:0:0:0:0:ffff:a9fe:a9fe]',
  '[::ffff:0:127.0.0.1]',
  '[64:ff9b::127.0.0.1]',
  '[64:ff9b::a9fe:a9fe]',
  '[64:ff9b::192.168.1.1]',
  '[64:ff9b:1::8.8.8.8]',
  '[2002:7f00:1::]',
  '[2002:7f00:0001::1]',
  '[2002:a9fe:a9fe::]',
  '[2002:c0a8:101:1::1]',
  '[2002:a00:1::]',
  '[2001:0:4136:e378:8000:63bf:80ff:fffe]', // Teredo, client 127.0.0.1
  '[2001::ffff:fffe]', // Teredo, client 0.0.0.1 (this network)
  '[2001:0:0:0:0:0:5601:5601]', // Teredo, client 169.254.169.254
  '[fe80::1]',
  '[fe80::a9fe:a9fe]',
  '[fd00:ec2::254]',
  '[fc00::1]',
  '[fec0::1]',
  '[ff02::1]',
  '[2001:db8::1]',
];
const ALLOWED_HOSTS = [
  '8.8.8.8',
  '[2606:4700:4700::1111]',
  '[::ffff:8.8.8.8]',
  '[::8.8.8.8]',
  '[64:ff9b::8.8.8.8]',
  '[2002:808:808::1]',
  '[2001:0:4136:e378:8000:63bf:f7f7:f7f7]', // Teredo, client 8.8.8.8
];
const urlHost = (host: string) => new URL(`https://${host}/hook`).hostname;

describe('webhook and push targets, as typed in a URL', () => {
  it.each(REFUSED_HOSTS)('refuses %s, when saved and when connecting', async (host) => {
    await expect(checkHost(urlHost(host), false)).rejects.toThrow(/private, loopback or link-local/);
    await expect(checkHost(urlHost(host), true)).resolves.toBeUndefined();
  });

  it.each(ALLOWED_HOSTS)('lets %s through', async (host) => {
    await expect(checkHost(urlHost(host), false)).resolves.toBeUndefined();
  });
});

describe('webhook addresses', () => {
  it('refuses private, loopback, link-local and reserved addresses, IPv4 and IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ]) {
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    }
  });

  it('lets public addresses through', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
    }
  });

  it('takes only http(s) URLs with a host, within the length', () => {
    expect(urlProblem('https://hooks.example.com/x', 2000)).toBeNull();
    expect(urlProblem('http://192.168.1.5:8123/api/webhook/abc', 2000)).toBeNull();
    expect(urlProblem('ftp://example.com/', 2000)).toBe('scheme');
    expect(urlProblem('javascript:alert(1)', 2000)).toBe('scheme');
    expect(urlProblem('not a url', 2000)).toBe('scheme');
    expect(urlProblem('https://user:pw@example.com/', 2000)).toBe('scheme');
    expect(urlProblem(`https://example.com/${'a'.repeat(2000)}`, 2000)).toBe('length');
  });
});

describe('webhook retries', () => {
  const now = new Date('2026-03-02T10:00:00Z');

  it('waits 1 min, 5 min, 30 min, 2 h and 12 h, then gives up', () => {
    expect([1, 2, 3, 4, 5].map((n) => nextAttemptDelay(n, 500, null, now))).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 43_200_000]);
    expect(nextAttemptDelay(6, 500, null, now)).toBeNull();
  });

  it('honours a longer Retry-After on 429 and 503 only, in seconds or as a date, at most 12 h', () => {
    expect(nextAttemptDelay(1, 429, '600', now)).toBe(600_000);
    expect(nextAttemptDelay(1, 503, 'Mon, 02 Mar 2026 10:20:00 GMT', now)).toBe(1_200_000);
    expect(nextAttemptDelay(1, 500, '600', now)).toBe(60_000);
    expect(nextAttemptDelay(2, 429, '5', now)).toBe(300_000);
    expect(nextAttemptDelay(1, 429, '999999', now)).toBe(43_200_000);
  });
});
