import { DocumentLinks } from './document-links.js';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const KEY = 'u7/0f8fad5b-d9cb-469f-a165-70867728950e-document.pdf';

describe(DocumentLinks.name, () => {
  const links = new DocumentLinks(SECRET);
  const now = Date.parse('2026-06-01T12:00:00Z');
  const parse = (url: string) => {
    const u = new URL(url, 'http://x');
    return {
      key: u.pathname.replace('/api/documents/files/', ''),
      name: u.searchParams.get('name')!,
      exp: u.searchParams.get('exp')!,
      sig: u.searchParams.get('sig')!,
    };
  };

  it('signs a link that opens the document under its name until it expires', () => {
    const { key, name, exp, sig } = parse(links.url(KEY, now, { name: 'Reçu & facture.pdf' }));
    expect(key).toBe(KEY);
    expect(name).toBe('Reçu & facture.pdf');
    expect(links.verify(key, exp, sig, now, { name })).toBe('ok');
    expect(links.verify(key, exp, sig, Number(exp) * 1000, { name })).toBe('expired');
  });

  it('refuses another name, an image key and an image link’s signature', () => {
    const { key, exp, sig } = parse(links.url(KEY, now, { name: 'a.pdf' }));
    expect(links.verify(key, exp, sig, now, { name: 'b.pdf' })).toBe('invalid');
    expect(links.verify('u7/0f8fad5b-d9cb-469f-a165-70867728950e-original.jpg', exp, sig, now, { name: 'a.pdf' })).toBe('invalid');
  });
});
