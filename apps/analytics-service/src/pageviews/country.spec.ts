import { countryForAddress } from './country.js';

describe(countryForAddress.name, () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.9',
    '172.31.255.1',
    '192.168.1.20',
    '169.254.0.1',
    '100.64.3.3',
    '::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:192.168.0.5',
  ])('marks %s, a loopback or private address, as Local', (ip) => {
    expect(countryForAddress(ip)).toBe('Local');
  });

  // Addresses whose country is stable in the GeoLite2 data the package ships: Google's public DNS
  // (US), RIPE NCC's own network in Amsterdam (NL), MaxMind's documented test address (GB).
  it.each([
    ['8.8.8.8', 'United States'],
    ['::ffff:8.8.4.4', 'United States'],
    ['2001:4860:4860::8888', 'United States'],
    ['193.0.6.139', 'Netherlands'],
    ['81.2.69.142', 'United Kingdom'],
  ])('places the public address %s in %s from the offline database', (ip, country) => {
    expect(countryForAddress(ip)).toBe(country);
  });

  it.each(['203.0.113.5', '2001:db8::1'])('answers Unknown for %s, a documentation address no database places', (ip) => {
    expect(countryForAddress(ip)).toBe('Unknown');
  });

  it('answers Unknown for a missing or malformed address', () => {
    expect(countryForAddress('')).toBe('Unknown');
    expect(countryForAddress('not-an-ip')).toBe('Unknown');
    expect(countryForAddress(undefined)).toBe('Unknown');
  });
});
