import { contentLength, fileNameOf, progressPercent } from './download';

describe('progressPercent', () => {
  it('is the share received when the size is known', () => {
    expect(progressPercent({ received: 512, total: 2048 })).toBe(25);
    expect(progressPercent({ received: 4096, total: 2048 })).toBe(100);
  });

  it('is null (indeterminate) when the size is unknown', () => {
    expect(progressPercent({ received: 512, total: null })).toBeNull();
    expect(progressPercent({ received: 0, total: 0 })).toBeNull();
  });
});

describe('contentLength', () => {
  it('reads a byte count and nothing else', () => {
    expect(contentLength('1234')).toBe(1234);
    expect(contentLength(null)).toBeNull();
    expect(contentLength('')).toBeNull();
    expect(contentLength('12abc')).toBeNull();
    expect(contentLength('0')).toBeNull();
  });
});

describe('fileNameOf', () => {
  it('takes the server file name, the encoded one first', () => {
    expect(fileNameOf('attachment; filename="fleet-2026.csv"', 'x.csv')).toBe('fleet-2026.csv');
    expect(fileNameOf(`attachment; filename="a.pdf"; filename*=UTF-8''Pickup%20%C3%A9t%C3%A9.pdf`, 'x.pdf')).toBe('Pickup été.pdf');
  });

  it('never keeps a path, and falls back without a header', () => {
    expect(fileNameOf('attachment; filename="../../etc/passwd"', 'x.csv')).toBe('.._.._etc_passwd');
    expect(fileNameOf(null, 'history.csv')).toBe('history.csv');
  });
});
