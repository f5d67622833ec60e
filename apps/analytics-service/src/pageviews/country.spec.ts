import { countryForAddress } from './country.js';

describe(countryForAddress.name, () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.9', '172.31.255.1', '192.168.1.20', '169.254.0.1', '100.64.3.3', '::1', 'fd12:3456::1', 'fe80::1', '::ffff:192.168.0.5'])(
    'marks %s, a loopback or private address, as Local',
    (ip) => {
      expect(countryForAddress(ip)).toBe('Local');
    },
  );

  it.each(['8.8.8.8', '172.32.0.1', '2001:db8::1', '::ffff:8.8.4.4'])('answers Unknown for the public address %s (no offline database)', (ip) => {
    expect(countryForAddress(ip)).toBe('Unknown');
  });

  it('answers Unknown for a missing or malformed address', () => {
    expect(countryForAddress('')).toBe('Unknown');
    expect(countryForAddress('not-an-ip')).toBe('Unknown');
    expect(countryForAddress(undefined)).toBe('Unknown');
  });
});
